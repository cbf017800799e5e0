/**
 * Who may do what: the single place where permission rules of spec section 6 are checked on the server.
 * Resource rules for users and roles (owner invariants, no granting above your own permissions) live here
 * too, so no route or IPC handler repeats them.
 */
import { grantBlockers, manageRefusal } from "../domain/admin-rules.ts";
import { Forbidden, Unauthenticated } from "../domain/errors.ts";
import { hasPermission, OWNER_OVERRIDE } from "../domain/permissions.ts";
import type { Actor, UserActor } from "./context.ts";

export type Action =
  | "admin:view"
  | "projects:create"
  | "projects:edit"
  | "projects:delete"
  | "users:view"
  | "users:edit"
  | "users:delete"
  | "users:permissions"
  | "roles:edit"
  | "audit:view"
  | "settings:edit";

const REQUIRED: Record<Action, { permission: string; refusal: string }> = {
  "admin:view": { permission: "website:admin:view", refusal: "You do not have permission to view the admin panel." },
  "projects:create": { permission: "projects:create", refusal: "You do not have permission to create projects." },
  "projects:edit": { permission: "projects:edit", refusal: "You do not have permission to edit projects." },
  "projects:delete": { permission: "projects:delete", refusal: "You do not have permission to delete projects." },
  "users:view": { permission: "users:view", refusal: "You do not have permission to view users." },
  "users:edit": { permission: "users:edit", refusal: "You do not have permission to edit users." },
  "users:delete": { permission: "users:delete", refusal: "You do not have permission to delete users." },
  "users:permissions": {
    permission: "users:permissions",
    refusal: "You do not have permission to change user permissions.",
  },
  "roles:edit": { permission: "users:edit", refusal: "You do not have permission to edit roles." },
  "audit:view": { permission: "users:view", refusal: "You do not have permission to view the audit log." },
  // The public profile is the owner's own name, birthday and contacts: only the owner changes it.
  "settings:edit": { permission: OWNER_OVERRIDE, refusal: "Only the owner can change the site profile." },
};

export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== "user") throw new Unauthenticated();
  return actor;
}

export function can(actor: Actor, action: Action): boolean {
  return actor.kind === "user" && hasPermission(actor.permissions, REQUIRED[action].permission);
}

/** Throws Unauthenticated for anonymous callers and Forbidden when the permission is missing. */
export function assertCan(actor: Actor, action: Action): UserActor {
  const user = requireUser(actor);
  if (!hasPermission(user.permissions, REQUIRED[action].permission)) throw new Forbidden(REQUIRED[action].refusal);
  return user;
}

/** Nobody grants override:owner through the API, nor any permission they do not hold themselves. */
export function assertMayGrant(actor: UserActor, before: readonly string[], after: readonly string[]): void {
  const blockers = grantBlockers(actor.permissions, before, after);
  if (blockers.includes(OWNER_OVERRIDE)) throw new Forbidden("The override:owner permission cannot be granted.");
  if (blockers.length > 0) throw new Forbidden(`You cannot grant permissions you do not hold: ${blockers.join(", ")}.`);
}

/**
 * Admin calls never touch yourself or an owner, nor a user who holds a permission you lack
 * (a partial admin cannot remove a full one).
 */
export function assertMayManageUser(
  actor: UserActor,
  target: { id: string; permissions: readonly string[] },
  verb: "edit" | "delete" | "reset the password of",
): void {
  const refusal = manageRefusal(actor, target);
  if (refusal === "self") throw new Forbidden(`You cannot ${verb} your own account here.`);
  if (refusal === "owner") throw new Forbidden(`You cannot ${verb} the owner.`);
  if (refusal === "holds-more") throw new Forbidden(`You cannot ${verb} a user who holds permissions you do not have.`);
}
