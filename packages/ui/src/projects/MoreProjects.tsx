/**
 * The end of a paged project grid: the next page loads as the visitor scrolls near it (an
 * IntersectionObserver on this block), and a 'Load more projects' button does the same for keyboard users
 * and where the observer is missing. It says when a page is on its way, when one failed, and when the
 * whole list is shown.
 */
import { useEffect, useRef } from "react";
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";

export interface MoreProjectsProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
}

/** How far below the screen the next page starts loading, so a scrolling visitor rarely waits. */
const AHEAD = "800px 0px";

export function MoreProjects({ shown, total, hasMore, loading, failed, onLoadMore }: MoreProjectsProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  const watching = hasMore && !loading && !failed;

  useEffect(() => {
    const element = sentinel.current;
    if (!watching || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watching]);

  const text = failed
    ? "Could not load more projects."
    : loading
      ? "Loading more projects…"
      : hasMore
        ? `${shown} of ${total} projects shown.`
        : `All ${total} projects shown.`;

  return (
    <div
      ref={sentinel}
      className="mt-8 flex flex-col items-center gap-3 text-center"
      data-testid="more-projects"
      data-state={failed ? "failed" : loading ? "loading" : hasMore ? "more" : "end"}
    >
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {text}
      </p>
      {(hasMore || failed) && !loading ? (
        <button
          type="button"
          onClick={onLoadMore}
          className={cx(
            "rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
            FOCUS_RING,
          )}
        >
          {failed ? "Try again" : "Load more projects"}
        </button>
      ) : null}
    </div>
  );
}
