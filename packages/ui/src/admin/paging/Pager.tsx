/** Which rows the page shows, and the way to the pages before and after it (keyset paging: no page numbers). */
import { Button } from "../../components/Button.tsx";

export function Pager({
  label,
  range,
  rangeTestId,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  /** The navigation's name: 'Pages of users'. */
  label: string;
  /** The count line: 'Users 51–100 of 100,000'. */
  range: string;
  rangeTestId?: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid={rangeTestId}>
        {range}
      </p>
      {hasPrevious || hasNext ? (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
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
