/** The deactivated-at migration dates every account staff deactivated, so only real sign-ups may still activate. */
import type { Kysely } from "kysely";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-25-009-deactivated-at" }));
});
afterEach(async () => {
  await close();
});

async function addUser(id: string, isActive: boolean, activatedAt: string | null): Promise<void> {
  await db
    .insertInto("users")
    // deactivated_at does not exist yet at this point: the row is written as the old schema knew it.
    .values({
      id,
      username: id,
      username_key: id,
      email: `${id}@x.io`,
      email_key: `${id}@x.io`,
      password_hash: "h",
      permissions: "[]",
      role_key: null,
      is_active: isActive ? 1 : 0,
      activated_at: activatedAt,
      created_at: "2026-10-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    } as never)
    .execute();
}

async function deactivation(targetId: string, at: string): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: `${targetId}-${at}`,
      at,
      actor_id: null,
      actor_name: "admin1",
      action: "user.deactivate",
      target_type: "user",
      target_id: targetId,
      details: "{}",
    })
    .execute();
}

async function deactivatedAt(): Promise<Record<string, string | null>> {
  await migrateToLatest(db);
  const rows = await db.selectFrom("users").select(["id", "deactivated_at"]).execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.deactivated_at]));
}

describe("2026-11-25-009-deactivated-at", () => {
  it("leaves an active account and a never-activated sign-up undated", async () => {
    await addUser("active", true, "2026-10-02T00:00:00.000Z");
    await addUser("signup", false, null);
    expect(await deactivatedAt()).toEqual({ active: null, signup: null });
  });

  it("dates a deactivated account at its last deactivation in the audit log, else its last update", async () => {
    await addUser("logged", false, "2026-10-02T00:00:00.000Z");
    await deactivation("logged", "2026-10-03T00:00:00.000Z");
    await deactivation("logged", "2026-10-05T00:00:00.000Z");
    await addUser("unlogged", false, "2026-10-02T00:00:00.000Z");
    expect(await deactivatedAt()).toEqual({
      logged: "2026-10-05T00:00:00.000Z",
      unlogged: "2026-11-01T00:00:00.000Z",
    });
  });
});
