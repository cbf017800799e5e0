/**
 * The role and permission editor (users:edit): the owner edits every role but owner, others moderator and
 * user. Saving updates the role's members (users saved with exactly this role's permissions), never a user
 * who merely holds an equal set; the card shows who before Save, and the answer says how many moved.
 * Each card's history restores a version the same way: a role edit, previewed, then confirmed.
 */
import type { RoleKey } from "@portfolio/core/domain";
import { failureReason } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import {
  roleRestoredMessage,
  roleRestoreFailedMessage,
  roleUpdatedMessage,
  roleUpdateFailedMessage,
} from "../admin-messages.ts";
import { useNotify } from "../feedback.tsx";
import { canEditRoles, editorRoleKeys } from "../role-editor.ts";
import type { RoleSet } from "../user-editor.ts";
import { RoleEditorCard } from "./RoleEditorCard.tsx";

export function RolesSection({
  viewerPermissions,
  roles,
  onChanged,
}: {
  viewerPermissions: readonly string[];
  roles: RoleSet;
  onChanged: () => Promise<void>;
}) {
  const api = useApi();
  const notify = useNotify();

  const save = async (roleKey: RoleKey, permissions: string[]) => {
    try {
      const answer = await api.call("roles.update", { roleKey, permissions });
      notify({ tone: "success", text: roleUpdatedMessage(answer.updatedUsers) });
    } catch (error) {
      notify({ tone: "error", text: roleUpdateFailedMessage(failureReason(error)) });
    }
    await onChanged();
  };

  const preview = (roleKey: RoleKey, permissions: string[]) =>
    api.call("roles.update", { roleKey, permissions, dryRun: true });

  // The History panel shows a refusal in place (an Error's message); success is a toast like a save.
  const restore = async (roleKey: RoleKey, version: number) => {
    try {
      const answer = await api.call("roles.restore", { roleKey, version });
      notify({ tone: "success", text: roleRestoredMessage(version, answer.updatedUsers) });
    } catch (error) {
      throw new Error(roleRestoreFailedMessage(failureReason(error)));
    } finally {
      await onChanged();
    }
  };

  return (
    <>
      {canEditRoles(viewerPermissions) ? (
        <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3" data-testid="role-editor">
          {editorRoleKeys(viewerPermissions).map((key) => (
            <RoleEditorCard
              key={key}
              roleKey={key}
              role={roles[key]}
              viewerPermissions={viewerPermissions}
              onSave={save}
              onPreview={preview}
              onRestore={restore}
            />
          ))}
        </div>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          Editing roles needs the users:edit permission.
        </p>
      )}
    </>
  );
}
