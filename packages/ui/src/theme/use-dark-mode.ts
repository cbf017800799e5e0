import { useCallback, useSyncExternalStore } from "react";
import { browserStorage } from "../storage/browser-storage.ts";
import { DARK_CLASS, DARK_MODE_DEFAULT, DARK_MODE_KEY, readDarkMode, writeDarkMode } from "./dark-mode.ts";

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DARK_MODE_KEY) return;
    applyDarkClass(readDarkMode(browserStorage()));
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function applyDarkClass(dark: boolean): void {
  document.documentElement.classList.toggle(DARK_CLASS, dark);
}

/** The class on <html> is the source of truth in the page (set before paint by PRE_PAINT_SCRIPT). */
const getSnapshot = () => document.documentElement.classList.contains(DARK_CLASS);
const getServerSnapshot = () => DARK_MODE_DEFAULT;

export function setDarkMode(dark: boolean): void {
  writeDarkMode(browserStorage(), dark);
  applyDarkClass(dark);
  for (const listener of listeners) listener();
}

/** [isDark, toggle]: hydration-safe (renders the default first, then the visitor's choice). */
export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const toggle = useCallback(() => setDarkMode(!getSnapshot()), []);
  return [dark, toggle];
}
