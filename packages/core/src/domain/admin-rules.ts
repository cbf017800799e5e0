/**
 * Who may manage whom, grant what and edit which role (spec section 6), as pure rules. The server's policy
 * turns a refusal into a 403; the admin panel uses the same functions to offer only what the server accepts.
 */
import { hasPermission, OWNER_OVERRIDE } from "./permissions.ts";
import type { RoleKey } from "./roles.ts";

export function isOwner(permissions: readonly string[]): boolean {
  return permissions.includes(OWNER_OVERRIDE);
}

/** Permissions that going from `before` to `after` would grant but the granter may not: override:owner always. */
export function grantBlockers(
  granterPermissions: readonly string[],
  before: readonly string[],
  after: readonly string[],
): string[] {
  return after.filter((p) => !before.includes(p) && (p === OWNER_OVERRIDE || !hasPermission(granterPermissions, p)));
}

/** The permissions a holder has that the viewer lacks (a partial admin cannot manage a full one). */
export function permissionsBeyond(viewerPermissions: readonly string[], held: readonly string[]): string[] {
  return held.filter((p) => !hasPermission(viewerPermissions, p));
}

export type ManageRefusal = "self" | "owner" | "holds-more";

/** Why an admin call by `actor` may not act on `target`, or null when it may. */
export function manageRefusal(
  actor: { id: string; permissions: readonly string[] },
  target: { id: string; permissions: readonly string[] },
): ManageRefusal | null {
  if (target.id === actor.id) return "self";
  if (isOwner(target.permissions)) return "owner";
  return permissionsBeyond(actor.permissions, target.permissions).length > 0 ? "holds-more" : null;
}

/** The roles an editor of roles may change: the owner every role but owner; others only moderator and user. */
export function editableRoleKeys(permissions: readonly string[]): RoleKey[] {
  return isOwner(permissions) ? ["admin", "moderator", "user"] : ["moderator", "user"];
}
