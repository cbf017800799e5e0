/**
 * 'Previous page' and 'Next page' over a cursor trail, as the Users and Projects tabs move: a move asks for
 * the page at once, and everything the page's rows decide waits for its answer. The count line names the page
 * whose rows are on screen (the old rows stay while the next ones load); the first row takes the focus once
 * the new rows are in; a later page that came back empty (its last row deleted) gives way to the one before.
 */
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import { type CursorTrail, nextTrail, previousTrail, trailAfterAnswer } from "./cursor-pages.ts";
import type { CursorPageState } from "./use-cursor-page.ts";

export interface PageMoves {
  /** The index of the page whose rows are shown. */
  shownPage: number;
  nextPage: () => void;
  previousPage: () => void;
}

export function usePageMoves<A extends { next?: string | null }>(
  page: CursorPageState<A>,
  trail: CursorTrail,
  setTrail: Dispatch<SetStateAction<CursorTrail>>,
  rowsOf: (answer: A) => number,
  focusFirstRow: () => void,
): PageMoves {
  /** Set when the pager moved: the first row takes the focus once the new page is in. */
  const moved = useRef(false);
  const [shown, setShown] = useState(trail.length);
  const { answer, settled, loading } = page;
  const rows = answer ? rowsOf(answer) : 0;
  const focusRef = useRef(focusFirstRow);
  focusRef.current = focusFirstRow;

  useEffect(() => {
    // Only an answer to what is asked now: right after a page move the old page is still shown.
    if (!answer || !settled) return;
    setShown(trail.length);
    if (rows === 0 && trail.length > 0) setTrail((t) => trailAfterAnswer(t, 0));
    else if (moved.current) {
      moved.current = false;
      focusRef.current();
    }
  }, [answer, settled, rows, trail.length, setTrail]);

  return {
    shownPage: settled ? trail.length : shown,
    nextPage: () => {
      const next = answer?.next;
      if (loading || !next) return;
      moved.current = true;
      setTrail((t) => nextTrail(t, next));
    },
    previousPage: () => {
      if (loading || trail.length === 0) return;
      moved.current = true;
      setTrail(previousTrail);
    },
  };
}
