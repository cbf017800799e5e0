/**
 * The role editor of the Settings tab (spec section 6): needs users:edit; the owner sees every role but
 * owner, everyone else only moderator and user; a role holding a permission you lack is read-only for you,
 * and you cannot add a permission you do not hold (the server refuses the same).
 */
import {
  editableRoleKeys,
  hasPermission,
  permissionsBeyond,
  type RoleKey,
  type RoleView,
  samePermissionSet,
} from "@portfolio/core/domain";
import { type PermissionOption, permissionChoices } from "./permission-choices.ts";

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
  return beyond.length > 0 ? `This role holds permissions you do not have: ${beyond.join(", ")}.` : null;
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
