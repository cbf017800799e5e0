/**
 * Whether a sideways-scrolling box has more content beyond its left or right edge, kept up to date on
 * scroll and resize, so the box can show a fade there: a visible cue that it scrolls.
 */
import { type RefObject, useEffect, useState } from "react";

export interface OverflowCue {
  before: boolean;
  after: boolean;
}

/** Pure: the cue for a box's scroll position (1 px of slack for sub-pixel layouts). */
export function overflowCue(scrollLeft: number, scrollWidth: number, clientWidth: number): OverflowCue {
  return { before: scrollLeft > 1, after: scrollLeft + clientWidth < scrollWidth - 1 };
}

export function useOverflowCue(ref: RefObject<HTMLElement | null>): OverflowCue {
  const [cue, setCue] = useState<OverflowCue>({ before: false, after: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const next = overflowCue(box.scrollLeft, box.scrollWidth, box.clientWidth);
      setCue((current) => (current.before === next.before && current.after === next.after ? current : next));
    };
    update();
    box.addEventListener("scroll", update, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
    observer?.observe(box);
    for (const child of box.children) observer?.observe(child);
    return () => {
      box.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, [ref]);
  return cue;
}
