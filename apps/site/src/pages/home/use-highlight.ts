/**
 * The badge's scroll-and-highlight (spec section 2): scroll to the project and highlight it until a
 * click, or until 2 seconds after the visitor scrolls. Scroll events of our own smooth scroll do not
 * count: the visitor's scrolls count only once it has ended (`scrollend`, or a quiet moment where that
 * event is not supported).
 *
 * Whether our own scroll moves the page at all is known before it starts (where the card will be centred,
 * within what the page can scroll), never guessed from how soon a first scroll event arrives: on a busy
 * machine that first event can come late, and its scroll would then wrongly count as the visitor's.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export const HIGHLIGHT_CLEAR_AFTER_SCROLL_MS = 2000;
/** Where `scrollend` is missing: this long without scroll events means our scroll has ended. */
const QUIET_MS = 400;
/** After `scrollend`, the scroll events of the last frame pass before the visitor's count. */
const AFTER_SCROLL_END_MS = 50;

/** Where `scrollIntoView({ block: "center" })` will leave the window's vertical scroll position. */
function centredScrollTop(element: Element): number {
  const rect = element.getBoundingClientRect();
  const target = window.scrollY + rect.top + rect.height / 2 - window.innerHeight / 2;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.min(Math.max(target, 0), Math.max(max, 0));
}

export function useHighlight(): [string | undefined, (id: string) => void] {
  const [highlightedId, setHighlightedId] = useState<string | undefined>(undefined);
  /** Whether the highlight's own scroll is still to run (set before it starts). */
  const ownScrollPending = useRef(false);

  useEffect(() => {
    if (!highlightedId) return;
    const hasScrollEnd = "onscrollend" in window;
    let armed = !ownScrollPending.current;
    let clearTimer: ReturnType<typeof setTimeout> | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      armed = true;
      ownScrollPending.current = false;
    };
    const clear = () => setHighlightedId(undefined);
    const onScroll = () => {
      if (armed) {
        clearTimer ??= setTimeout(clear, HIGHLIGHT_CLEAR_AFTER_SCROLL_MS);
        return;
      }
      if (!hasScrollEnd) {
        clearTimeout(settle);
        settle = setTimeout(arm, QUIET_MS);
      }
    };
    const onScrollEnd = () => {
      if (armed) return;
      clearTimeout(settle);
      settle = setTimeout(arm, AFTER_SCROLL_END_MS);
    };
    const onClick = () => clear();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("scrollend", onScrollEnd);
    document.addEventListener("click", onClick);
    return () => {
      clearTimeout(settle);
      clearTimeout(clearTimer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("scrollend", onScrollEnd);
      document.removeEventListener("click", onClick);
    };
  }, [highlightedId]);

  const highlight = useCallback((id: string) => {
    const element = document.getElementById(`project-${id}`);
    ownScrollPending.current = element ? Math.abs(centredScrollTop(element) - window.scrollY) >= 1 : false;
    setHighlightedId(id);
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "center" });
  }, []);

  return [highlightedId, highlight];
}
