/** Creates active accounts with given permissions straight through the core, for role-based API tests. */
import { DEFAULT_ROLES, membershipFor, userRank } from "@portfolio/core/domain";
import { hashPassword, insertUser, newId } from "@portfolio/core/services";
import type { TestClient, TestServer } from "./test-server.ts";

export const PASSWORD = "account-pass-1";

export async function createAccount(
  server: TestServer,
  username: string,
  permissions: string[],
  isActive = true,
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await insertUser(server.core.db, {
    id,
    username,
    email: `${username}@example.com`,
    password_hash: await hashPassword(PASSWORD, 4),
    permissions: JSON.stringify(permissions),
    // As the role-membership migration places existing users: members of the role whose set they hold.
    role_key: membershipFor(permissions),
    rank: userRank(permissions),
    is_active: isActive ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export interface RoleAccounts {
  ids: Record<"owner" | "admin" | "moderator" | "user" | "custom", string>;
  as: Record<"owner" | "admin" | "moderator" | "user" | "custom" | "anonymous", TestClient>;
}

/** One account per role plus a custom one (users:view + users:edit, but not users:permissions). */
export async function roleAccounts(server: TestServer): Promise<RoleAccounts> {
  const owner = await server.core.db
    .selectFrom("users")
    .select("id")
    .where("username", "=", "owner")
    .executeTakeFirstOrThrow();
  const ids = {
    owner: owner.id,
    admin: await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions),
    moderator: await createAccount(server, "moderator1", DEFAULT_ROLES.moderator.permissions),
    user: await createAccount(server, "user1", DEFAULT_ROLES.user.permissions),
    custom: await createAccount(server, "custom1", [
      "website:view",
      "website:admin:view",
      "users:view",
      "users:edit",
      "projects:view",
    ]),
  };
  return {
    ids,
    as: {
      owner: await server.login("owner", "owner-password-1"),
      admin: await server.login("admin1", PASSWORD),
      moderator: await server.login("moderator1", PASSWORD),
      user: await server.login("user1", PASSWORD),
      custom: await server.login("custom1", PASSWORD),
      anonymous: server.client(),
    },
  };
}
