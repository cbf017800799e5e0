/**
 * One role in the role editor: its permissions as checkboxes, who a save would change (the role's members,
 * from the server's dry run), and Reset and Save. That line and the buttons stay in view at the bottom of
 * the card (above the profile bar) while the checkboxes scroll by. Above them, the role's
 * history, folded away until asked for.
 */
import type { RoleKey, RoleUpdateAnswer, RoleView } from "@portfolio/core/domain";
import { useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { cx } from "../../components/cx.ts";
import { HistoryDisclosure } from "../../history/HistoryDisclosure.tsx";
import { useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";
import { dotClasses } from "../chip-colors.ts";
import { PROFILE_BAR_HEIGHT } from "../ProfileBubble.tsx";
import { togglePermission } from "../permission-choices.ts";
import { isRoleDirty, roleChoices, roleLockReason } from "../role-editor.ts";
import { PermissionChecklist } from "../users/PermissionChecklist.tsx";
import { RoleHistory } from "./RoleHistory.tsx";
import { useRolePreview } from "./use-role-preview.ts";

export function RoleEditorCard({
  roleKey,
  role,
  viewerPermissions,
  onSave,
  onPreview,
  onRestore,
}: {
  roleKey: RoleKey;
  role: RoleView;
  viewerPermissions: readonly string[];
  onSave: (roleKey: RoleKey, permissions: string[]) => Promise<void>;
  /** A dry run of the save: who it would change, or the server's refusal. */
  onPreview: (roleKey: RoleKey, permissions: string[]) => Promise<RoleUpdateAnswer>;
  /** Restores a version of the role; rejects with an Error whose message says why not. */
  onRestore: (roleKey: RoleKey, version: number) => Promise<void>;
}) {
  const [draft, setDraft] = useState<string[]>(role.permissions);
  const [busy, setBusy] = useState(false);
  const savedKey = role.permissions.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh copy only when the saved set itself changes, not on every refetch.
  useEffect(() => setDraft(role.permissions), [savedKey]);
  const dirty = isRoleDirty(role.permissions, draft);
  // Ticks not saved yet survive a tab switch or a navigation only by the user's choice.
  useReportUnsaved(dirty);
  const locked = roleLockReason(viewerPermissions, role);
  const preview = useRolePreview(roleKey, draft, dirty && locked === null && !busy, onPreview);
  const headingId = `role-${roleKey}-heading`;

  const save = async () => {
    setBusy(true);
    try {
      await onSave(roleKey, draft);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      data-testid="role-card"
      data-role={roleKey}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
            <span aria-hidden="true" className={cx("size-2.5 rounded-full", dotClasses(role.color))} />
            {role.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{role.description}</p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {draft.length} {draft.length === 1 ? "permission" : "permissions"}
        </span>
      </div>
      {locked ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/70 dark:text-amber-200">
          {locked}
        </p>
      ) : null}
      {/* Focus scrolls a checkbox clear of the sticky footer below, never under it. */}
      <div className="mt-4 flex-1 [&_input]:scroll-mb-40">
        <PermissionChecklist
          options={roleChoices(viewerPermissions, role.permissions, draft)}
          onToggle={(name) => setDraft((d) => togglePermission(d, name))}
        />
      </div>
      <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <HistoryDisclosure label={`the ${role.name} role`} testId="role-history-toggle">
          {() => (
            <RoleHistory roleKey={roleKey} role={role} dirty={dirty} lockedReason={locked} onRestore={onRestore} />
          )}
        </HistoryDisclosure>
      </div>
      <div
        data-testid="role-card-footer"
        style={{ bottom: PROFILE_BAR_HEIGHT }}
        className="sticky z-10 -mx-5 -mb-5 mt-3 rounded-b-2xl border-t border-slate-200 bg-white/95 px-5 pt-3 pb-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
      >
        <p
          data-testid="role-preview"
          data-state={preview.state}
          aria-live="polite"
          className={cx(
            "min-h-5 text-sm",
            preview.state === "refused"
              ? "font-medium text-red-700 dark:text-red-300"
              : "text-slate-700 dark:text-slate-300",
          )}
        >
          {preview.state === "checking" ? "Checking which users this would update…" : null}
          {preview.state === "ready" || preview.state === "refused" || preview.state === "unknown"
            ? preview.text
            : null}
        </p>
        <div className="mt-3 flex items-center justify-end gap-2">
          {dirty ? (
            <span className="mr-auto text-xs font-medium text-indigo-700 dark:text-indigo-300">Unsaved changes</span>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => setDraft(role.permissions)}
            disabled={!dirty || busy}
            aria-label={`Reset ${role.name}`}
          >
            Reset
          </Button>
          <Button
            onClick={save}
            disabled={!dirty || locked !== null || preview.state === "refused"}
            loading={busy}
            aria-label={`Save ${role.name}`}
          >
            Save
          </Button>
        </div>
      </div>
    </section>
  );
}
