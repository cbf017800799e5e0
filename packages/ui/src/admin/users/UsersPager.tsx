/** Which users the page shows, and the way to the pages before and after it (keyset paging: no page numbers). */
import { Button } from "../../components/Button.tsx";
import { pageRangeLabel } from "./users-list.ts";

export function UsersPager({
  pageIndex,
  rows,
  total,
  hasNext,
  onPrevious,
  onNext,
}: {
  pageIndex: number;
  rows: number;
  total: number | undefined;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const several = pageIndex > 0 || hasNext;
  return (
    <nav aria-label="Pages of users" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="users-range">
        {pageRangeLabel(pageIndex, rows, total)}
      </p>
      {several ? (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={pageIndex === 0} onClick={onPrevious}>
            Previous page
          </Button>
          <Button variant="secondary" size="sm" disabled={!hasNext} onClick={onNext}>
            Next page
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
