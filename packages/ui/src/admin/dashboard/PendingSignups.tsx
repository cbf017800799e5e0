/**
 * The newest sign-ups waiting for activation, as the dashboard's answer lists them (the newest 10, with what
 * each holds), with Activate where the viewer may (the same rules as the Users tab).
 */
import type { DashboardStats } from "@portfolio/core/domain";
import { Button } from "../../components/Button.tsx";
import { relativeTime } from "../dates.ts";
import { rowActions, type Viewer } from "../user-actions.ts";

export type PendingSignup = NonNullable<DashboardStats["users"]>["pendingActivations"][number];

export function PendingSignups({
  pending,
  viewer,
  busyId,
  onActivate,
}: {
  pending: readonly PendingSignup[];
  viewer: Viewer;
  busyId: string | null;
  onActivate: (user: PendingSignup) => void;
}) {
  if (pending.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No sign-ups are waiting for activation.</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="pending-signups">
      {pending.map((entry) => {
        const canActivate = rowActions(viewer, { ...entry, isActive: false }).activate;
        return (
          <li key={entry._id} className="flex items-center justify-between gap-3 py-2.5" data-testid="pending-row">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 dark:text-white">{entry.username}</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                {entry.email} · signed up {relativeTime(entry.createdAt)}
              </p>
            </div>
            {canActivate ? (
              <Button
                size="sm"
                onClick={() => onActivate(entry)}
                loading={busyId === entry._id}
                aria-label={`Activate ${entry.username}`}
              >
                Activate
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
