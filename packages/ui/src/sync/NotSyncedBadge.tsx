/** 'Not synced' next to a row whose entity has a change waiting in the desktop app's outbox; nothing otherwise. */
import { NOT_SYNCED_LABEL, usePendingChange } from "./pending-context.tsx";

export function NotSyncedBadge({ id }: { id: string }) {
  if (!usePendingChange(id)) return null;
  return (
    <span
      data-testid="not-synced-badge"
      title="This change is saved on this computer and will be sent to the server at the next sync."
      className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      {NOT_SYNCED_LABEL}
    </span>
  );
}
