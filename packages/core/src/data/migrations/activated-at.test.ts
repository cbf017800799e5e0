/** The activated-at migration dates every account that was ever activated, so only real sign-ups wait for activation. */
import type { Kysely } from "kysely";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-23-007-activated-at" }));
});
afterEach(async () => {
  await close();
});

async function addUser(id: string, isActive: boolean): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    // activated_at does not exist yet at this point: the row is written as the old schema knew it.
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
      created_at: now,
      updated_at: "2026-11-01T00:00:00.000Z",
    } as never)
    .execute();
}

async function audit(action: string, targetId: string, at: string): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: `${action}-${targetId}-${at}`,
      at,
      actor_id: null,
      actor_name: "admin1",
      action,
      target_type: "user",
      target_id: targetId,
      details: "{}",
    })
    .execute();
}

async function activatedAt(): Promise<Record<string, string | null>> {
  await migrateToLatest(db);
  const rows = await db.selectFrom("users").select(["id", "activated_at"]).execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.activated_at]));
}

describe("2026-11-23-007-activated-at", () => {
  it("dates an active account, leaves a never-activated sign-up undated", async () => {
    await addUser("active", true);
    await addUser("signup", false);
    expect(await activatedAt()).toEqual({ active: "2026-11-01T00:00:00.000Z", signup: null });
  });

  it("dates a deactivated account at its first activation found in the audit log", async () => {
    await addUser("deactivated", false);
    await audit("user.activate", "deactivated", "2026-11-02T00:00:00.000Z");
    await audit("user.deactivate", "deactivated", "2026-11-03T00:00:00.000Z");
    await audit("user.activate", "deactivated", "2026-11-04T00:00:00.000Z");
    await addUser("linked", false);
    await audit("auth.activate", "linked", "2026-11-05T00:00:00.000Z");
    expect(await activatedAt()).toEqual({
      deactivated: "2026-11-02T00:00:00.000Z",
      linked: "2026-11-05T00:00:00.000Z",
    });
  });
});
