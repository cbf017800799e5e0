import { cx, FOCUS_RING } from "@portfolio/ui";
import type { MouseEvent, ReactNode } from "react";

const BADGE =
  "inline-flex max-w-full items-center gap-2.5 rounded-2xl border border-emerald-300/70 bg-emerald-50 py-1.5 pr-4 pl-3 text-left text-sm text-emerald-900 shadow-sm dark:border-emerald-700/60 dark:bg-emerald-950/50 dark:text-emerald-100";

/**
 * 'Last seen working on {project}': the latest project, else the first, else 'something exciting'.
 * With a project it is a button that scrolls to the card and highlights it; with none ('something
 * exciting') there is nothing to go to, so it is plain text rather than a button that does nothing.
 */
export function LastSeenBadge({ title, onActivate }: { title: string; onActivate?: (() => void) | undefined }) {
  if (!onActivate) {
    return (
      <p data-testid="last-seen-badge" className={BADGE}>
        <Content title={title} />
      </p>
    );
  }
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Keep this click from reaching the document listener that clears the highlight.
    event.stopPropagation();
    onActivate();
  };
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid="last-seen-badge"
      className={cx(BADGE, "transition hover:border-emerald-400 hover:shadow", FOCUS_RING)}
    >
      <Content title={title} />
    </button>
  );
}

function Content({ title }: { title: string }): ReactNode {
  return (
    <>
      <span className="relative flex size-2.5 shrink-0" aria-hidden="true">
        <span className="absolute inline-flex size-full rounded-full bg-emerald-500 opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
      </span>
      <span className="text-balance">
        Last seen working on <strong className="font-semibold">{title}</strong>
      </span>
    </>
  );
}
