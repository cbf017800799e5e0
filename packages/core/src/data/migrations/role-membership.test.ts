/** The role-membership migration places every existing user once: owner, the role whose set equals theirs, or none. */
import type { Kysely } from "kysely";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-23-003-role-membership" }));
});
afterEach(async () => {
  await close();
});

async function addUser(id: string, permissions: string[]): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    // role_key does not exist yet at this point: the row is written as the old schema knew it.
    .values({
      id,
      username: id,
      username_key: id,
      email: `${id}@x.io`,
      email_key: `${id}@x.io`,
      password_hash: "h",
      permissions: JSON.stringify(permissions),
      is_active: 1,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

async function roleKeys(): Promise<Record<string, string | null>> {
  const rows = await db.selectFrom("users").select(["id", "role_key"]).execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.role_key]));
}

describe("2026-11-23-003-role-membership", () => {
  it("makes owners owners, exact matches members of the stored role, and everyone else custom", async () => {
    const now = new Date().toISOString();
    // The user role was edited before the upgrade; the stored set is the one that counts.
    await db
      .insertInto("roles")
      .values({
        key: "user",
        name: "User",
        description: "d",
        permissions: JSON.stringify(["website:view", "projects:view"]),
        color: "gray",
        updated_at: now,
      })
      .execute();
    await addUser("boss", ["override:owner"]);
    await addUser("adm", [
      "users:permissions",
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
    ]);
    await addUser("mod", ["users:view", "projects:view", "website:admin:view", "website:view"]);
    await addUser("usr", ["projects:view", "website:view"]);
    await addUser("old", ["website:view"]);
    await addUser("none", []);
    await migrateToLatest(db);
    expect(await roleKeys()).toEqual({
      boss: "owner",
      adm: "admin",
      mod: "moderator",
      usr: "user",
      old: null,
      none: null,
    });
  });
});
