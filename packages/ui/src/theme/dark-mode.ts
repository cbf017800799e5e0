/**
 * Dark mode (spec section 4): on by default, stored in localStorage under `darkMode` as JSON, shown by a
 * `dark` class on the document root. Pure helpers here; the React hook is in use-dark-mode.ts.
 */
export const DARK_MODE_KEY = "darkMode";
export const DARK_MODE_DEFAULT = true;
export const DARK_CLASS = "dark";

/** Reads a stored value: a JSON boolean wins; nothing stored or anything unreadable means the default. */
export function parseDarkMode(raw: string | null | undefined): boolean {
  if (raw == null) return DARK_MODE_DEFAULT;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "boolean" ? value : DARK_MODE_DEFAULT;
  } catch {
    return DARK_MODE_DEFAULT;
  }
}

export function serializeDarkMode(dark: boolean): string {
  return JSON.stringify(dark);
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readDarkMode(storage: KeyValueStorage | undefined): boolean {
  try {
    return parseDarkMode(storage?.getItem(DARK_MODE_KEY));
  } catch {
    return DARK_MODE_DEFAULT; // storage blocked (privacy mode, sandboxed frame)
  }
}

export function writeDarkMode(storage: KeyValueStorage | undefined, dark: boolean): void {
  try {
    storage?.setItem(DARK_MODE_KEY, serializeDarkMode(dark));
  } catch {
    // Not persisted; the class still changes for this page.
  }
}

/**
 * Runs in <head> before the first paint so a light-mode visitor never sees a dark flash (and the other way
 * round). The HTML ships with class="dark" (the default); this removes it when light mode is stored.
 * Same rules as parseDarkMode. Keep it byte-stable: its SHA-256 goes into the Content-Security-Policy.
 */
export const PRE_PAINT_SCRIPT = `(function(){var d=${DARK_MODE_DEFAULT};try{var v=JSON.parse(localStorage.getItem(${JSON.stringify(DARK_MODE_KEY)}));if(typeof v==="boolean")d=v}catch(e){}document.documentElement.classList.toggle(${JSON.stringify(DARK_CLASS)},d)})()`;
