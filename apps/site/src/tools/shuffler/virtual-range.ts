/** Windowing for the shuffled list: only the rows in view (plus a margin) are in the DOM. Fixed row height. */

export interface RangeInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below the view. */
  overscan: number;
}

/** Rows [start, end) to render. */
export function visibleRange({ scrollTop, viewportHeight, rowHeight, count, overscan }: RangeInput): {
  start: number;
  end: number;
} {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count - 1, first - overscan));
  const end = Math.min(count, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/** The scrollTop that brings row `index` into view (centred), or null when it is already fully visible. */
export function scrollTopToReveal(
  index: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top >= scrollTop && bottom <= scrollTop + viewportHeight) return null;
  return Math.max(0, Math.round(top - (viewportHeight - rowHeight) / 2));
}
