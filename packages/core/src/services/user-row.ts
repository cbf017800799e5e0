/** Mapping between the users table and the shapes answered to clients (never the password hash). */

import type { Db, UserRow } from "../data/schema.ts";
import type { AdminUser, SessionUser } from "../domain/api-types.ts";
import { NotFound } from "../domain/errors.ts";
import { ROLE_KEYS, type RoleKey } from "../domain/roles.ts";

export function parsePermissions(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : [];
}

export function toSessionUser(row: Pick<UserRow, "id" | "username" | "permissions">): SessionUser {
  return { _id: row.id, username: row.username, permissions: parsePermissions(row.permissions) };
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    permissions: parsePermissions(row.permissions),
    roleKey: isRoleKey(row.role_key) ? row.role_key : null,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
  };
}

function isRoleKey(value: string | null): value is RoleKey {
  return (ROLE_KEYS as readonly (string | null)[]).includes(value);
}

export async function findUserById(db: Db, id: string): Promise<UserRow> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("User not found.");
  return row;
}

export const userKey = (value: string) => value.trim().toLowerCase();
