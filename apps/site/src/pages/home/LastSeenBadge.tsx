import { cx, FOCUS_RING } from "@portfolio/ui";
import type { MouseEvent } from "react";

/** 'Last seen working on {project}': the latest project, else the first, else 'something exciting'. */
export function LastSeenBadge({ title, onActivate }: { title: string; onActivate?: () => void }) {
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Keep this click from reaching the document listener that clears the highlight.
    event.stopPropagation();
    onActivate?.();
  };
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid="last-seen-badge"
      className={cx(
        "group inline-flex max-w-full items-center gap-2.5 rounded-2xl border border-emerald-300/70 bg-emerald-50 py-1.5 pr-4 pl-3 text-left text-sm text-emerald-900 shadow-sm transition hover:border-emerald-400 hover:shadow dark:border-emerald-700/60 dark:bg-emerald-950/50 dark:text-emerald-100",
        FOCUS_RING,
      )}
    >
      <span className="relative flex size-2.5 shrink-0" aria-hidden="true">
        <span className="absolute inline-flex size-full rounded-full bg-emerald-500 opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
      </span>
      <span className="text-balance">
        Last seen working on <strong className="font-semibold">{title}</strong>
      </span>
    </button>
  );
}
