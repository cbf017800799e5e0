/**
 * The browser's Back and Forward buttons within the app ask 'Discard your changes?' while a form holds
 * unsaved changes: a `popstate` listener installed before the router's (so it runs first)
 * hides the traversal from the router, steps the history back to the page still shown, and replays the
 * traversal only after Discard. How far a traversal went is read from the `idx` the router
 * (@portfolio/ui's routing/router.tsx) keeps in each entry's state; an entry without one (a bare #hash
 * link) passes through, and the admin panel's own hashchange guard answers for it.
 */
import { useDiscardGuard, useHasUnsaved, useLocation } from "@portfolio/ui";
import { useEffect } from "react";

interface ShownPage {
  /** The history index of the entry shown, or null when it has none. */
  index: number | null;
  hasUnsaved: () => boolean;
  guard: (action: () => unknown, dirty?: boolean) => Promise<boolean>;
}

/** Filled in by `<HistoryGuard />` on every location; null until the app has rendered. */
let shown: ShownPage | null = null;

function historyIndex(state: unknown): number | null {
  const idx = typeof state === "object" && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === "number" ? idx : null;
}

/** Call once before the router starts: listeners on one target run in the order they were added. */
export function installHistoryGuard(target: Window): void {
  // The traversal that undoes the one being asked about, and the replay after Discard.
  let undoing = false;
  let replaying = false;
  target.addEventListener("popstate", (event) => {
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    if (replaying) {
      replaying = false;
      return;
    }
    const from = shown?.index ?? null;
    const to = historyIndex(event.state);
    if (!shown || from === null || to === null || from === to || !shown.hasUnsaved()) return;
    event.stopImmediatePropagation();
    undoing = true;
    target.history.go(from - to);
    void shown.guard(() => {
      replaying = true;
      target.history.go(to - from);
    }, true);
  });
}

/** Tells the installed listener which entry is shown and how to ask. */
export function HistoryGuard() {
  const location = useLocation();
  const hasUnsaved = useHasUnsaved();
  const guard = useDiscardGuard();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry shown changes with every location.
  useEffect(() => {
    shown = { index: historyIndex(window.history.state), hasUnsaved, guard };
  }, [location, hasUnsaved, guard]);
  return null;
}
