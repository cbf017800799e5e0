/**
 * The badge's scroll-and-highlight (spec section 2): scroll to the project and highlight it until a
 * click, or until 2 seconds after the visitor scrolls. Scroll events of our own smooth scroll do not
 * count: the visitor's scrolls count only once it has ended (`scrollend`, or a quiet moment where that
 * event is not supported).
 */
import { useCallback, useEffect, useState } from "react";

export const HIGHLIGHT_CLEAR_AFTER_SCROLL_MS = 2000;
/** With no scroll at all this soon after the click, the project was already in view. */
const NO_SCROLL_MS = 300;
/** Where `scrollend` is missing: this long without scroll events means our scroll has ended. */
const QUIET_MS = 400;

export function useHighlight(): [string | undefined, (id: string) => void] {
  const [highlightedId, setHighlightedId] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!highlightedId) return;
    const hasScrollEnd = "onscrollend" in window;
    let armed = false;
    let clearTimer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      armed = true;
    };
    let settle = setTimeout(arm, NO_SCROLL_MS);
    const clear = () => setHighlightedId(undefined);
    const onScroll = () => {
      if (armed) {
        clearTimer ??= setTimeout(clear, HIGHLIGHT_CLEAR_AFTER_SCROLL_MS);
        return;
      }
      clearTimeout(settle);
      if (!hasScrollEnd) settle = setTimeout(arm, QUIET_MS);
    };
    const onScrollEnd = () => {
      if (armed) return;
      clearTimeout(settle);
      // Let the scroll events of the last frame pass before listening to the visitor.
      settle = setTimeout(arm, 50);
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
    setHighlightedId(id);
    const element = document.getElementById(`project-${id}`);
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "center" });
  }, []);

  return [highlightedId, highlight];
}
