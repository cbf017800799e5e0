/** 'This project was changed elsewhere': the current values, with 'Reapply my changes' and 'Keep theirs'. */
import type { Project } from "@portfolio/core/domain";
import { Button } from "../components/Button.tsx";
import { conflictRows, PROJECT_CONFLICT_HINT, PROJECT_CONFLICT_MESSAGE } from "./project-conflict.ts";

export function ProjectConflictBox({
  current,
  id,
  busy,
  onReapply,
  onKeepTheirs,
}: {
  current: Project;
  id?: string;
  busy: boolean;
  onReapply: () => void;
  onKeepTheirs: () => void;
}) {
  return (
    <div
      id={id}
      role="alert"
      data-testid="project-conflict"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700/70 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{PROJECT_CONFLICT_MESSAGE}</p>
      <p className="mt-1 text-xs">{PROJECT_CONFLICT_HINT}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="project-conflict-current">
        {conflictRows(current).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-words" data-field={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onKeepTheirs} disabled={busy}>
          Keep theirs
        </Button>
        <Button onClick={onReapply} loading={busy}>
          Reapply my changes
        </Button>
      </div>
    </div>
  );
}
