/** Focus helpers for dialogs: which elements can take focus, and where Tab goes at the edges. */
const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute("inert") && el.getClientRects().length > 0,
  );
}

/**
 * Index of the element Tab should move to when focus would leave the list, or -1 to let the browser
 * move focus normally. `current` is the index of the focused element (-1 when focus is elsewhere).
 */
export function wrapFocusIndex(count: number, current: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current === -1) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return -1;
}
