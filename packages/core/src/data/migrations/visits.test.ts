/** The visits migration grants analytics:view to the stored admin role and its members, and to no one else. */
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

const OLD_ADMIN = [
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
];
const MODERATOR = ["website:view", "website:admin:view", "projects:view", "users:view"];

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-27-400-visits" }));
});
afterEach(async () => {
  await close();
});

async function addRole(key: string, permissions: string[]): Promise<void> {
  await db
    .insertInto("roles")
    .values({ key, name: key, description: "", permissions: JSON.stringify(permissions), color: "red", updated_at: "x" })
    .execute();
}

async function addUser(id: string, roleKey: string | null, permissions: string[]): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id,
      username: id,
      username_key: id,
      email: `${id}@x.io`,
      email_key: `${id}@x.io`,
      password_hash: "h",
      permissions: JSON.stringify(permissions),
      role_key: roleKey,
      is_active: 1,
      created_at: "2026-10-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    } as never)
    .execute();
}

async function held(table: "users" | "roles", key: string): Promise<string[]> {
  const row =
    table === "users"
      ? await db.selectFrom("users").select("permissions").where("id", "=", key).executeTakeFirstOrThrow()
      : await db.selectFrom("roles").select("permissions").where("key", "=", key).executeTakeFirstOrThrow();
  return JSON.parse(row.permissions) as string[];
}

describe("2026-11-27-400-visits", () => {
  it("adds analytics:view to the stored admin role and to its members", async () => {
    await addRole("admin", OLD_ADMIN);
    await addUser("admin1", "admin", OLD_ADMIN);
    await migrateToLatest(db);
    expect(await held("roles", "admin")).toEqual([...OLD_ADMIN, "analytics:view"]);
    expect(await held("users", "admin1")).toEqual([...OLD_ADMIN, "analytics:view"]);
  });

  it("leaves other roles and users with custom permissions as they were", async () => {
    await addRole("admin", OLD_ADMIN);
    await addRole("moderator", MODERATOR);
    await addUser("mod1", "moderator", MODERATOR);
    await addUser("custom1", null, ["website:view", "website:admin:view"]);
    await migrateToLatest(db);
    expect(await held("roles", "moderator")).toEqual(MODERATOR);
    expect(await held("users", "mod1")).toEqual(MODERATOR);
    expect(await held("users", "custom1")).toEqual(["website:view", "website:admin:view"]);
  });
});
