/**
 * A role's History panel: the generic HistoryPanel over `roles.history`. A restore is a role edit (the
 * server applies every rule of one), so its confirmation shows the same dry-run preview the role editor
 * shows before Save, who will change, and a preview the server refuses keeps Restore off.
 */
import type { HistoryItem, RoleFieldsView, RoleKey, RoleView } from "@portfolio/core/domain";
import { useId, useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { RefusalAlert, UnavailableReason } from "../../components/unavailable.tsx";
import { HISTORY_PAGE_SIZE, HistoryPanel } from "../../history/HistoryPanel.tsx";
import type { FieldLabels } from "../../history/history-view.ts";
import { rolePreviewForRestore } from "../role-editor.ts";

export const ROLE_FIELD_LABELS: FieldLabels<RoleFieldsView> = {
  name: "Name",
  description: "Description",
  permissions: "Permissions",
  color: "Colour",
};

export const ROLE_DIRTY_NOTE = "Your unsaved ticks in this role will be replaced by this version.";

export function RoleHistory({
  roleKey,
  role,
  dirty,
  lockedReason,
  onRestore,
}: {
  roleKey: RoleKey;
  role: RoleView;
  dirty: boolean;
  /** Why the viewer may not change this role, if so: Restore then says it instead. */
  lockedReason: string | null;
  /** Restores the version; rejects with an Error whose message says why not. */
  onRestore: (roleKey: RoleKey, version: number) => Promise<void>;
}) {
  const api = useApi();
  const reasonId = useId();
  const [refused, setRefused] = useState(false);
  const preview = (item: HistoryItem<RoleFieldsView>) =>
    api.call("roles.restore", { roleKey, version: item.version, dryRun: true }).then(
      (answer) => rolePreviewForRestore(answer),
      (error: unknown) => rolePreviewForRestore(null, error),
    );
  return (
    <div className="space-y-3" data-testid="role-history">
      <HistoryPanel
        noun="role"
        load={(before) => api.call("roles.history", { roleKey, before, limit: HISTORY_PAGE_SIZE })}
        current={role}
        reloadKey={role.permissions.join(" ")}
        labels={ROLE_FIELD_LABELS}
        restore={(item) => onRestore(roleKey, item.version)}
        restorePreview={preview}
        restoreUnavailableId={lockedReason ? reasonId : undefined}
        onRestoreRefused={() => setRefused(true)}
        restoreNote={dirty ? ROLE_DIRTY_NOTE : undefined}
      />
      {lockedReason ? <UnavailableReason id={reasonId} text={lockedReason} /> : null}
      {refused && lockedReason ? <RefusalAlert text={lockedReason} /> : null}
    </div>
  );
}
