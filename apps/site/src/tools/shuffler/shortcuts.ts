/**
 * Keyboard shortcuts of the shuffler: Space plays or pauses, N next, P previous, L toggles Loop,
 * R re-shuffles. They stay out of the way: not while typing, not with Ctrl/Alt/Cmd (browser shortcuts),
 * and Space on a focused button or link keeps its usual meaning (pressing that control).
 */

export type ShortcutAction = "togglePlay" | "next" | "previous" | "toggleLoop" | "reshuffle";

export interface ShortcutTarget {
  tagName?: string;
  isContentEditable?: boolean;
  role?: string | null;
}

export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  target: ShortcutTarget | null;
}

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const PRESSABLE = new Set(["BUTTON", "A", "SUMMARY"]);
const PRESSABLE_ROLES = new Set(["button", "link", "checkbox", "switch", "menuitem", "tab", "option"]);

const LETTERS: Record<string, ShortcutAction> = { n: "next", p: "previous", l: "toggleLoop", r: "reshuffle" };

export function shortcutFor(event: ShortcutKeyEvent): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target;
  const tag = target?.tagName?.toUpperCase() ?? "";
  if (TYPING.has(tag) || target?.isContentEditable) return null;
  if (event.key === " " || event.key === "Spacebar") {
    if (event.repeat || PRESSABLE.has(tag) || PRESSABLE_ROLES.has(target?.role ?? "")) return null;
    return "togglePlay";
  }
  if (event.repeat) return null;
  return LETTERS[event.key.toLowerCase()] ?? null;
}

export const SHORTCUT_HELP: ReadonlyArray<{ keys: string; what: string }> = [
  { keys: "Space", what: "Play or pause" },
  { keys: "N", what: "Next track" },
  { keys: "P", what: "Previous track" },
  { keys: "L", what: "Loop on or off" },
  { keys: "R", what: "Re-shuffle" },
];
