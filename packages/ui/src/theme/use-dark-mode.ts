import { useCallback, useSyncExternalStore } from "react";
import { browserStorage } from "../storage/browser-storage.ts";
import { DARK_CLASS, DARK_MODE_DEFAULT, DARK_MODE_KEY, writeDarkMode } from "./dark-mode.ts";

const listeners = new Set<() => void>();

/**
 * The other tabs of the site hear a choice here through a BroadcastChannel, not the `storage` event: the
 * first `storage` listener a page adds costs Chromium a synchronous load of the page's storage areas on
 * the main thread (up to tens of ms, in the middle of hydration: docs/performance.md "The public pages").
 * Opened on first use; undefined where there is no BroadcastChannel (prerendering).
 */
let channel: BroadcastChannel | undefined;
function themeChannel(): BroadcastChannel | undefined {
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(DARK_MODE_KEY);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      applyDarkClass(event.data === true);
      notify();
    };
  }
  return channel;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  themeChannel();
  return () => {
    listeners.delete(listener);
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
  notify();
  themeChannel()?.postMessage(dark);
}

/** [isDark, toggle]: hydration-safe (renders the default first, then the visitor's choice). */
export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const toggle = useCallback(() => setDarkMode(!getSnapshot()), []);
  return [dark, toggle];
}
