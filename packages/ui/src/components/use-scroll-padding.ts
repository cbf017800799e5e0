/**
 * Reserves room on the page's scroll edge for a fixed bar while the component is mounted, so a control the
 * browser scrolls into view (keyboard focus, find-in-page, scrollIntoView) lands clear of the bar.
 */
import { useEffect } from "react";

export type ScrollEdge = "top" | "bottom";

export function useScrollPadding(edge: ScrollEdge, size: string): void {
  useEffect(() => {
    const style = document.documentElement.style;
    const property = edge === "top" ? "scrollPaddingTop" : "scrollPaddingBottom";
    const before = style[property];
    style[property] = size;
    return () => {
      style[property] = before;
    };
  }, [edge, size]);
}
