/** Which users the page shows, and the way to the pages before and after it (the shared pager). */
import { Pager } from "../paging/Pager.tsx";
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
  return (
    <Pager
      label="Pages of users"
      range={pageRangeLabel(pageIndex, rows, total)}
      rangeTestId="users-range"
      hasPrevious={pageIndex > 0}
      hasNext={hasNext}
      onPrevious={onPrevious}
      onNext={onNext}
    />
  );
}
