/** Recent sign-ups waiting for activation, with Activate where the viewer may (same rules as the Users tab). */
import type { AdminUser, DashboardStats } from "@portfolio/core/domain";
import { Button } from "../../components/Button.tsx";
import { relativeTime } from "../dates.ts";
import { rowActions, type Viewer } from "../user-actions.ts";

type Pending = NonNullable<DashboardStats["users"]>["pendingActivations"][number];

export function PendingSignups({
  pending,
  users,
  viewer,
  busyId,
  onActivate,
}: {
  pending: readonly Pending[];
  /** The full rows (for the permission check); undefined while loading. */
  users: readonly AdminUser[] | undefined;
  viewer: Viewer;
  busyId: string | null;
  onActivate: (user: AdminUser) => void;
}) {
  if (pending.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No sign-ups are waiting for activation.</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="pending-signups">
      {pending.map((entry) => {
        const user = users?.find((u) => u._id === entry._id);
        const canActivate = user ? rowActions(viewer, user).activate : false;
        return (
          <li key={entry._id} className="flex items-center justify-between gap-3 py-2.5" data-testid="pending-row">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 dark:text-white">{entry.username}</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                {entry.email} · signed up {relativeTime(entry.createdAt)}
              </p>
            </div>
            {user && canActivate ? (
              <Button
                size="sm"
                onClick={() => onActivate(user)}
                loading={busyId === user._id}
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
