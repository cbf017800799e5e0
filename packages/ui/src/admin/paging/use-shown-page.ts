/**
 * The index of the page whose rows are on screen. A page move asks for the next page at once, but its rows
 * arrive later and the old ones stay until then: the count line ('Projects 51–100') must move with the rows,
 * not with the request.
 */
import { useEffect, useState } from "react";

/** `pageIndex`: the page asked for; `settled`: its answer is the one shown (`useCursorPage`). */
export function useShownPageIndex(pageIndex: number, settled: boolean): number {
  const [shown, setShown] = useState(pageIndex);
  useEffect(() => {
    if (settled) setShown(pageIndex);
  }, [settled, pageIndex]);
  return settled ? pageIndex : shown;
}
