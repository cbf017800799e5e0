/**
 * The role editor (spec section 6): the owner role never changes; the owner edits every other role, everyone
 * else only moderator and user; nobody edits a role that holds a permission they lack.
 */
import { editableRoleKeys, permissionsBeyond } from "../admin-rules.ts";
import type { RoleKey } from "../roles.ts";

export interface RoleTarget {
  key: RoleKey;
  /** The role's permissions now, when known (the editor always knows them). */
  permissions?: readonly string[];
}

export function roleRefusal(actorPermissions: readonly string[], role: RoleTarget): string | null {
  if (role.key === "owner") return "The owner role cannot be changed.";
  if (!editableRoleKeys(actorPermissions).includes(role.key))
    return "Only the owner can change the Administrator role.";
  if (role.permissions && permissionsBeyond(actorPermissions, role.permissions).length > 0)
    return "You cannot change a role that holds permissions you do not have.";
  return null;
}
