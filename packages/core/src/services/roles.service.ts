/** Role definitions stored in the database, and the role editor of the Settings tab. */

import type { Db } from "../data/schema.ts";
import type { RolesAnswer, RoleUpdateAnswer } from "../domain/api-types.ts";
import { Invalid, NotFound } from "../domain/errors.ts";
import {
  historyQuerySchema,
  type RoleFieldsView,
  type RoleHistoryAnswer,
  roleRestoreBodySchema,
} from "../domain/history.ts";
import {
  DEFAULT_ROLES,
  membershipFor,
  ROLE_KEYS,
  type RoleKey,
  roleWithSameSet,
  sameRoleSetMessage,
  userRank,
} from "../domain/roles.ts";
import { rolePermissionsSchema } from "../domain/validation.ts";
import { recordAudit } from "./audit.service.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan, can } from "./policy.ts";
import { seedRoles } from "./roles-seed.ts";
import { losesDeviceAccess, revokeUserDeviceTokens } from "./sessions.service.ts";
import { parsePermissions, rerankCustomUsers, roleMembers, setRoleMembersPermissions } from "./users.table.ts";
import {
  findVersion,
  latestVersion,
  listVersions,
  restorableVersion,
  type Subject,
  versionRows,
} from "./versions.table.ts";

/** How many members a role edit's answer names (the editor shows them and counts the rest). */
export const ROLE_UPDATE_NAMES_SHOWN = 10;
/** How many members a role edit's audit entry names; `updatedUsers` carries the full count. */
export const ROLE_UPDATE_NAMES_AUDITED = 100;

async function readRoles(db: Db): Promise<RolesAnswer> {
  const rows = await db.selectFrom("roles").selectAll().execute();
  const roles = structuredClone(DEFAULT_ROLES) as unknown as RolesAnswer;
  for (const row of rows) {
    if ((ROLE_KEYS as readonly string[]).includes(row.key)) {
      roles[row.key as RoleKey] = {
        name: row.name,
        description: row.description,
        permissions: parsePermissions(row.permissions),
        color: row.color,
      };
    }
  }
  for (const key of ROLE_KEYS) delete (roles[key] as { key?: string }).key;
  return roles;
}

export async function listRoles(core: Core, actor: Actor): Promise<RolesAnswer> {
  assertCan(actor, "roles.view");
  return readRoles(core.db);
}

/** The role a role edit or restore is about: 404 for an unknown key, then the role editor's rules. */
function editableRole(actor: Actor, roleKey: string): RoleKey {
  assertCan(actor, "roles.update");
  if (roleKey !== "owner" && !(ROLE_KEYS as readonly string[]).includes(roleKey)) throw new NotFound("Role not found.");
  const key = roleKey as RoleKey;
  assertCan(actor, "roles.update", { key });
  return key;
}

/** A role's place in the `versions` table. */
export const roleSubject = (key: string): Subject => ({ subject: "role", id: key });

export const ROLE_VERSION_NOT_FOUND = "That version of the role was not found.";

/** What a restore takes from a kept role version: its permissions, read as a role edit reads them today. */
const keptRoleSchema = rolePermissionsSchema.pick({ permissions: true });

/**
 * Sets a role's permissions and those of its members (users.role_key = key), in one transaction. Members
 * are explicit: a user who merely holds an equal set is never moved (docs/security.md, promise 21). Changing what a role
 * holds follows the rule for changing what one user holds (users:permissions, no granting beyond your
 * own), and no two roles may end up with the same set. With `dryRun`, runs every check and answers who
 * would change, changing nothing.
 */
export async function updateRolePermissions(
  core: Core,
  actor: Actor,
  roleKey: string,
  input: unknown,
): Promise<RoleUpdateAnswer> {
  const key = editableRole(actor, roleKey);
  const { permissions, dryRun } = parseInput(rolePermissionsSchema, input);
  return setRolePermissions(core, actor, key, { permissions }, dryRun);
}

/**
 * Restoring a role's version is a role edit to that version's permissions: the same rules (who
 * may, the owner role untouchable, nobody grants what they do not hold, no twin roles), the same `dryRun`
 * preview of who will change, and the same history, audit and token revocation.
 */
export async function restoreRoleVersion(
  core: Core,
  actor: Actor,
  roleKey: string,
  input: unknown,
): Promise<RoleUpdateAnswer> {
  const key = editableRole(actor, roleKey);
  const { version, dryRun } = parseInput(roleRestoreBodySchema, input);
  return setRolePermissions(core, actor, key, { restoredFrom: version }, dryRun);
}

async function setRolePermissions(
  core: Core,
  actor: Actor,
  key: RoleKey,
  change: { permissions: string[] } | { restoredFrom: number },
  dryRun: boolean | undefined,
): Promise<RoleUpdateAnswer> {
  // Serializable: the twin check and the members read must still hold when the write commits.
  const trx = core.db;
  const restoredFrom = "restoredFrom" in change ? change.restoredFrom : undefined;
  let permissions: string[];
  if ("permissions" in change) permissions = change.permissions;
  else {
    const kept = await findVersion<unknown>(trx, roleSubject(key), change.restoredFrom);
    if (kept === undefined) throw new NotFound(ROLE_VERSION_NOT_FOUND);
    ({ permissions } = restorableVersion(keptRoleSchema, kept, "the role"));
  }
  const roles = await readRoles(trx);
  const before = roles[key].permissions;
  // The same rule as changing one user's permissions (docs/security.md, promise 21), and never a role holding more than you.
  assertCan(actor, "roles.update", { key, permissions: before, before, after: permissions });
  const twin = roleWithSameSet(roles, key, permissions);
  if (twin) throw new Invalid(sameRoleSetMessage(roles[key].name, roles[twin].name));
  const role = { ...roles[key], permissions };
  const members = await roleMembers(trx, key);
  const usernames = members.map((m) => m.username);
  // Who the members are is for those who may see users; the count is the role editor's own.
  // A role may hold 100,000 members: the answer names the first few, the audit entry a bounded list.
  const named = can(actor, "users.view") ? { usernames: usernames.slice(0, ROLE_UPDATE_NAMES_SHOWN) } : {};
  if (dryRun) return { updatedUsers: usernames.length, ...named, role, dryRun: true };
  const now = core.now().toISOString();
  const beforeVersion = (await latestVersion(trx, roleSubject(key))) ?? 1;
  const updatedAt = await trx.selectFrom("roles").select("updated_at").where("key", "=", key).executeTakeFirst();
  await trx
    .insertInto("roles")
    .values({
      key,
      name: role.name,
      description: role.description,
      color: role.color,
      permissions: JSON.stringify(permissions),
      updated_at: now,
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ permissions: JSON.stringify(permissions), updated_at: now }))
    .execute();
  const after = { ...roles, [key]: role };
  await setRoleMembersPermissions(trx, key, { permissions, rank: userRank(permissions, after) }, now);
  // Users with custom permissions rank by the role sets they wholly hold: those sets just changed.
  await rerankCustomUsers(trx, (held) => userRank(held, after));
  // docs/security.md, promise 26: members who lose the admin panel lose their desktops' tokens too.
  const losing = members.filter((m) => losesDeviceAccess(m.id, before, permissions)).map((m) => m.id);
  await revokeUserDeviceTokens(trx, losing, core.now());
  await recordAudit(
    core,
    trx,
    actor,
    {
      action: restoredFrom === undefined ? "role.edit" : "role.restore",
      targetType: "role",
      targetId: key,
      details: {
        before: { permissions: before },
        after: { permissions },
        updatedUsers: usernames.length,
        usernames: usernames.slice(0, ROLE_UPDATE_NAMES_AUDITED),
        ...(restoredFrom === undefined ? {} : { restoredVersion: restoredFrom }),
      },
    },
    versionRows<RoleFieldsView>(
      roleSubject(key),
      actor,
      restoredFrom === undefined ? "edit" : "restore",
      { version: beforeVersion + 1, at: now, fields: role },
      { version: beforeVersion, at: updatedAt?.updated_at ?? now, fields: roles[key] },
    ),
  );
  return { updatedUsers: usernames.length, ...named, role };
}

/** `GET /api/admin/roles/{roleKey}/history`: the role's versions, newest first, paged like the audit log. */
export async function roleHistory(
  core: Core,
  actor: Actor,
  roleKey: string,
  query: unknown,
): Promise<RoleHistoryAnswer> {
  assertCan(actor, "roles.view");
  if (!(ROLE_KEYS as readonly string[]).includes(roleKey)) throw new NotFound("Role not found.");
  const key = roleKey as RoleKey;
  const page = parseInput(historyQuerySchema, query);
  return listVersions<RoleFieldsView>(core.db, roleSubject(key), page, async () => {
    const row = await core.db.selectFrom("roles").select("updated_at").where("key", "=", key).executeTakeFirst();
    return { version: 1, at: row?.updated_at ?? core.now().toISOString(), fields: (await readRoles(core.db))[key] };
  });
}

/** The role a user saved with these permissions belongs to, judged against the stored role sets. */
export async function membershipOf(db: Db, permissions: readonly string[]): Promise<RoleKey | null> {
  return membershipFor(permissions, await readRoles(db));
}

/** The rank (Users tab order) of a user holding these permissions, against the stored role sets. */
export async function rankFor(db: Db, permissions: readonly string[]): Promise<number> {
  return userRank(permissions, await readRoles(db));
}

/** The permissions a new member of `key` starts with: the role's stored set. */
export async function rolePermissions(db: Db, key: RoleKey): Promise<string[]> {
  return (await readRoles(db))[key].permissions;
}

export { seedRoles };
