/**
 * Roles of spec section 6 and the rule that derives a user's role from their permissions.
 * Browser-safe.
 */
import { samePermissionSet } from "./permission-set.ts";
import { OWNER_OVERRIDE } from "./permissions.ts";

export const ROLE_KEYS = ["owner", "admin", "moderator", "user"] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export interface RoleDefinition {
  key: RoleKey;
  name: string;
  description: string;
  permissions: string[];
  color: string;
}

export type RoleDefinitions = Record<RoleKey, RoleDefinition>;

/** Role definitions as supplied by a caller (e.g. fetched from the server): only permissions matter here. */
export type RoleOverrides = Partial<Record<RoleKey, { permissions: string[] }>>;

export const DEFAULT_ROLES: RoleDefinitions = {
  owner: {
    key: "owner",
    name: "Owner",
    description: "Full access to everything",
    permissions: [OWNER_OVERRIDE],
    color: "amber",
  },
  admin: {
    key: "admin",
    name: "Administrator",
    description: "Manages users, projects and the website",
    permissions: [
      "website:view",
      "website:admin:view",
      "website:projects:edit",
      "projects:view",
      "projects:create",
      "projects:edit",
      "projects:delete",
      "users:view",
      "users:edit",
      "users:delete",
      "users:permissions",
      "analytics:view",
    ],
    color: "red",
  },
  moderator: {
    key: "moderator",
    name: "Moderator",
    description: "Views the admin panel, projects and users",
    permissions: ["website:view", "website:admin:view", "projects:view", "users:view"],
    color: "blue",
  },
  user: {
    key: "user",
    name: "User",
    description: "Views the website",
    permissions: ["website:view"],
    color: "gray",
  },
};

/** The roles that can be derived from permissions below owner, in the order the spec tries them. */
const DERIVABLE: readonly RoleKey[] = ["admin", "moderator", "user"];

/**
 * Owner if the override is present; else an exact match against admin, moderator, user in that order;
 * else the first of those whose permissions are all held; else user.
 */
export function deriveRole(permissions: unknown, roles: RoleOverrides = {}): RoleKey {
  const list = Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === "string") : [];
  if (list.includes(OWNER_OVERRIDE)) return "owner";
  const definitions = { ...DEFAULT_ROLES, ...roles };
  const exact = DERIVABLE.find((key) => samePermissionSet(definitions[key].permissions, list));
  if (exact) return exact;
  const covered = DERIVABLE.find((key) => definitions[key].permissions.every((p) => list.includes(p)));
  return covered ?? "user";
}

/** True when the permissions equal one role's set exactly (role-based editing mode). */
export function matchesRoleExactly(permissions: readonly string[], roles: RoleOverrides = {}): boolean {
  const definitions = { ...DEFAULT_ROLES, ...roles };
  return ROLE_KEYS.some((key) => samePermissionSet(definitions[key].permissions, permissions));
}

export { samePermissionSet };

/**
 * The role a user becomes a member of when saved with these permissions (DESIGN section 4: membership is
 * explicit and set on every save): owner with the override; else the role whose set equals them exactly,
 * tried in the spec's order; else none (custom-permissions mode).
 */
export function membershipFor(permissions: readonly string[], roles: RoleOverrides = {}): RoleKey | null {
  if (permissions.includes(OWNER_OVERRIDE)) return "owner";
  const definitions = { ...DEFAULT_ROLES, ...roles };
  return DERIVABLE.find((key) => samePermissionSet(definitions[key].permissions, permissions)) ?? null;
}

/**
 * Another role that already holds exactly `permissions`, which `key` may not take too (two roles with one
 * set could never be told apart in the user editor); null when the set is free.
 */
export function roleWithSameSet(
  roles: Record<RoleKey, { permissions: readonly string[] }>,
  key: RoleKey,
  permissions: readonly string[],
): RoleKey | null {
  return ROLE_KEYS.find((other) => other !== key && samePermissionSet(roles[other].permissions, permissions)) ?? null;
}

export function sameRoleSetMessage(roleName: string, otherName: string): string {
  return `The ${roleName} role would have the same permissions as the ${otherName} role.`;
}

const RANK: Record<RoleKey, number> = { owner: 0, admin: 1, moderator: 2, user: 3 };
export const RANK_ROLES: readonly RoleKey[] = ["owner", "admin", "moderator", "user"];

/** The rank users sort by: 0 owner, 1 administrator, 2 moderator, 3 others (the derived role's place). */
export function userRank(permissions: unknown, roles: RoleOverrides = {}): number {
  return RANK[deriveRole(permissions, roles)];
}

/**
 * Usernames compared as the database compares their lower-cased keys (code unit order), so a list sorted
 * here and a page the server sorted through its index agree; usernames are ASCII letters, digits and ._-.
 */
export function compareUsernames(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Sorts users by rank (owner, administrator, moderator, others), then username. */
export function sortUsersByRank<T extends { username: string; permissions: string[] }>(
  users: readonly T[],
  roles: RoleOverrides = {},
): T[] {
  return [...users].sort(
    (a, b) =>
      userRank(a.permissions, roles) - userRank(b.permissions, roles) || compareUsernames(a.username, b.username),
  );
}
