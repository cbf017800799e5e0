/**
 * The role editor of the Settings tab (spec section 6): needs users:edit; the owner sees every role but
 * owner, everyone else only moderator and user; a role holding a permission you lack is read-only for you,
 * changing a role's permissions needs users:permissions (as changing one user's does), and you cannot add
 * a permission you do not hold (the server refuses the same). Before Save, the editor shows who the save
 * would change: the role's members, from the server's dry run.
 */
import {
  editableRoleKeys,
  hasPermission,
  permissionsBeyond,
  type RoleKey,
  type RoleUpdateAnswer,
  type RoleView,
  samePermissionSet,
} from "@portfolio/core/domain";
import { ApiError } from "../api/api-client.ts";
import { type PermissionOption, permissionChoices } from "./permission-choices.ts";

export const ROLE_PERMISSIONS_LOCK = "Changing a role's permissions needs the users:permissions permission.";

export function canEditRoles(viewerPermissions: readonly string[]): boolean {
  return hasPermission(viewerPermissions, "users:edit");
}

/** The role cards the viewer sees: none without users:edit, else core's rule (the server's). */
export function editorRoleKeys(viewerPermissions: readonly string[]): RoleKey[] {
  return canEditRoles(viewerPermissions) ? editableRoleKeys(viewerPermissions) : [];
}

/** Why this role is read-only for the viewer, or null when they may edit it. */
export function roleLockReason(
  viewerPermissions: readonly string[],
  role: Pick<RoleView, "permissions">,
): string | null {
  const beyond = permissionsBeyond(viewerPermissions, role.permissions);
  if (beyond.length > 0) return `This role holds permissions you do not have: ${beyond.join(", ")}.`;
  return hasPermission(viewerPermissions, "users:permissions") ? null : ROLE_PERMISSIONS_LOCK;
}

export function roleChoices(
  viewerPermissions: readonly string[],
  saved: readonly string[],
  draft: readonly string[],
): PermissionOption[] {
  const locked = roleLockReason(viewerPermissions, { permissions: [...saved] });
  return permissionChoices({ viewerPermissions, before: saved, draft, locked });
}

export function isRoleDirty(saved: readonly string[], draft: readonly string[]): boolean {
  return !samePermissionSet(saved, draft);
}

/** At most this many names are listed; the rest are counted. */
const PREVIEW_NAMES = 10;

/** 'This will update 3 users: alice, bob, carol', from the dry run's answer. */
export function rolePreviewText(answer: Pick<RoleUpdateAnswer, "updatedUsers" | "usernames">): string {
  const { updatedUsers: count, usernames } = answer;
  if (count === 0) return "This will update no users.";
  // Without users:view the server counts the members but does not name them.
  if (!usernames) return `This will update ${count} ${count === 1 ? "user" : "users"}.`;
  const shown = usernames.slice(0, PREVIEW_NAMES).join(", ");
  const more = count > PREVIEW_NAMES ? ` and ${count - PREVIEW_NAMES} more` : "";
  return `This will update ${count} ${count === 1 ? "user" : "users"}: ${shown}${more}`;
}

/** What the card shows under the checkboxes while the draft differs from the saved set. */
export type RolePreview =
  | { state: "none" }
  | { state: "checking" }
  | { state: "ready"; text: string }
  /** The server would refuse this save (e.g. the same set as another role): Save stays off. */
  | { state: "refused"; text: string }
  /** The dry run itself failed (server down): Save stays on; the save reports its own failure. */
  | { state: "unknown"; text: string };

export const PREVIEW_UNKNOWN = "Could not check which users this would update.";

export function rolePreviewFromAnswer(answer: RoleUpdateAnswer): RolePreview {
  return { state: "ready", text: rolePreviewText(answer) };
}

export function rolePreviewFromError(error: unknown): RolePreview {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage)
    return { state: "refused", text: error.serverMessage };
  return { state: "unknown", text: PREVIEW_UNKNOWN };
}

/** The same preview in a restore's confirmation: its words, and whether Restore stays off. */
export function rolePreviewForRestore(
  answer: RoleUpdateAnswer | null,
  error?: unknown,
): { text: string; refused: boolean } {
  const preview = answer ? rolePreviewFromAnswer(answer) : rolePreviewFromError(error);
  return { text: "text" in preview ? preview.text : PREVIEW_UNKNOWN, refused: preview.state === "refused" };
}
