/**
 * Keyset paging in a tab: the Users and Projects tabs show one page at a time and move with
 * 'Previous page' and 'Next page'. The server answers a page and the `next` cursor after it; the tab keeps
 * the trail of cursors that led to the page it shows (no page numbers, no offsets). Pure, so the rules are
 * tested without a browser.
 */

/** The cursors of the pages after the first that led here: the last one is this page's (none: the first). */
export type CursorTrail = readonly string[];

export const FIRST_PAGE: CursorTrail = [];

export function trailCursor(trail: CursorTrail): string | undefined {
  return trail.at(-1);
}

/** 'Next page': on to the page after this one, when there is one. */
export function nextTrail(trail: CursorTrail, next: string | null | undefined): CursorTrail {
  return next ? [...trail, next] : trail;
}

/** 'Previous page': back to the page before this one (the first page stays the first). */
export function previousTrail(trail: CursorTrail): CursorTrail {
  return trail.slice(0, -1);
}

/**
 * After an answer arrived: a later page that came back empty (its last row was deleted or moved away)
 * gives way to the page before it; any other page stays.
 */
export function trailAfterAnswer(trail: CursorTrail, rows: number): CursorTrail {
  return rows === 0 && trail.length > 0 ? previousTrail(trail) : trail;
}

/** What the rows are called in the count line: 'User'/'Users', 'Project'/'Projects'. */
export interface RowNoun {
  one: string;
  many: string;
}

const count = (n: number) => n.toLocaleString("en-US");

/** Which rows the page shows ('Users 51–100 of 100,000'); without a total (a search), just the range. */
export function pageRangeLabel(
  noun: RowNoun,
  pageSize: number,
  pageIndex: number,
  rows: number,
  total: number | undefined,
): string {
  if (rows === 0) return `No ${noun.many.toLowerCase()}`;
  const first = pageIndex * pageSize + 1;
  const range = rows === 1 ? `${noun.one} ${count(first)}` : `${noun.many} ${count(first)}–${count(first + rows - 1)}`;
  return total === undefined ? range : `${range} of ${count(total)}`;
}

/** The row that Arrow Up/Down, Home and End move to from row `index` of `rows`; null for any other key. */
export function rowAfterKey(key: string, index: number, rows: number): number | null {
  if (rows === 0) return null;
  switch (key) {
    case "ArrowDown":
      return Math.min(index + 1, rows - 1);
    case "ArrowUp":
      return Math.max(index - 1, 0);
    case "Home":
      return 0;
    case "End":
      return rows - 1;
    default:
      return null;
  }
}
