/** Role definitions stored in the database, and the role editor of the Settings tab. */

import type { Db } from "../data/schema.ts";
import { editableRoleKeys, isOwner, permissionsBeyond } from "../domain/admin-rules.ts";
import type { RolesAnswer, RoleUpdateAnswer } from "../domain/api-types.ts";
import { Forbidden, NotFound } from "../domain/errors.ts";
import { DEFAULT_ROLES, ROLE_KEYS, type RoleKey, samePermissionSet } from "../domain/roles.ts";
import { rolePermissionsSchema } from "../domain/validation.ts";
import { recordAudit } from "./audit.service.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan, assertMayGrant } from "./policy.ts";
import { parsePermissions } from "./user-row.ts";

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
  assertCan(actor, "admin:view");
  return readRoles(core.db);
}

/**
 * Sets a role's permissions and moves every user whose permissions equalled the old set to the new set,
 * in one transaction. Answers how many users moved.
 */
export async function updateRolePermissions(
  core: Core,
  actor: Actor,
  roleKey: string,
  input: unknown,
): Promise<RoleUpdateAnswer> {
  assertCan(actor, "admin:view");
  const user = assertCan(actor, "roles:edit");
  if (roleKey === "owner") throw new Forbidden("The owner role cannot be changed.");
  if (!(ROLE_KEYS as readonly string[]).includes(roleKey)) throw new NotFound("Role not found.");
  const key = roleKey as RoleKey;
  if (!editableRoleKeys(user.permissions).includes(key))
    throw new Forbidden("Only the owner can change the Administrator role.");
  const { permissions } = parseInput(rolePermissionsSchema, input);
  return core.db.transaction().execute(async (trx) => {
    const roles = await readRoles(trx);
    const before = roles[key].permissions;
    if (permissionsBeyond(user.permissions, before).length > 0)
      throw new Forbidden("You cannot change a role that holds permissions you do not have.");
    assertMayGrant(user, before, permissions);
    const now = core.now().toISOString();
    const role = { ...roles[key], permissions };
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
    const members = (await trx.selectFrom("users").select(["id", "permissions"]).execute()).filter((u) => {
      const held = parsePermissions(u.permissions);
      return !isOwner(held) && samePermissionSet(held, before);
    });
    for (const member of members) {
      await trx
        .updateTable("users")
        .set({ permissions: JSON.stringify(permissions), updated_at: now })
        .where("id", "=", member.id)
        .execute();
    }
    await recordAudit(trx, actor, core.now(), {
      action: "role.edit",
      targetType: "role",
      targetId: key,
      details: { before: { permissions: before }, after: { permissions }, updatedUsers: members.length },
    });
    return { updatedUsers: members.length, role };
  });
}

/** Inserts the four default roles where missing (first start). */
export async function seedRoles(db: Db, now: Date): Promise<void> {
  for (const key of ROLE_KEYS) {
    const role = DEFAULT_ROLES[key];
    await db
      .insertInto("roles")
      .values({
        key,
        name: role.name,
        description: role.description,
        permissions: JSON.stringify(role.permissions),
        color: role.color,
        updated_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}
