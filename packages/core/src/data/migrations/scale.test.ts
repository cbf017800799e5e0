/** The scale migration ranks existing users, counts them, and fills the daily counters, on both dialects. */
import type { Kysely } from "kysely";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-26-012-scale" }));
});
afterEach(async () => {
  await close();
});

const MODERATOR = ["website:view", "website:admin:view", "projects:view", "users:view"];

async function addUser(id: string, permissions: string[], isActive: boolean, activatedAt: string | null) {
  await db
    .insertInto("users")
    // rank does not exist yet at this point: the row is written as the old schema knew it.
    .values({
      id,
      username: id,
      username_key: id,
      email: `${id}@x.io`,
      email_key: `${id}@x.io`,
      password_hash: "h",
      permissions: JSON.stringify(permissions),
      role_key: null,
      is_active: isActive ? 1 : 0,
      activated_at: activatedAt,
      deactivated_at: null,
      created_at: "2026-10-01T08:00:00.000Z",
      updated_at: "2026-10-01T08:00:00.000Z",
    } as never)
    .execute();
}

describe("2026-11-26-012-scale", () => {
  beforeEach(async () => {
    await addUser("boss", ["override:owner"], true, "2026-10-01T08:00:00.000Z");
    await addUser("mod", MODERATOR, true, "2026-10-02T09:00:00.000Z");
    await addUser("wider", [...MODERATOR, "projects:edit"], true, "2026-10-02T10:00:00.000Z");
    await addUser("newbie", ["website:view"], false, null);
    await db
      .insertInto("audit_log")
      .values({ id: "a1", at: "2026-10-01T08:00:00.000Z", actor_name: "boss", action: "user.edit", target_type: "user", details: "{}" } as never)
      .execute();
    await migrateToLatest(db);
  });

  it("ranks every user by the role rule: owner, then an exact or covered set", async () => {
    const rows = await db.selectFrom("users").select(["id", "rank"]).orderBy("id").execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.rank)]))).toEqual({ boss: 0, mod: 2, wider: 2, newbie: 3 });
  });

  it("counts users by rank and state", async () => {
    const rows = await db.selectFrom("user_counts").selectAll().orderBy("rank").orderBy("state").execute();
    expect(rows.map((r) => [Number(r.rank), r.state, Number(r.count)])).toEqual([
      [0, "active", 1],
      [2, "active", 2],
      [3, "pending", 1],
    ]);
  });

  it("fills the daily sign-ups and activations from the users' dates", async () => {
    const rows = await db.selectFrom("daily_counts").selectAll().orderBy("day").orderBy("metric").execute();
    expect(rows.map((r) => [r.day, r.metric, Number(r.count)])).toEqual([
      ["2026-10-01", "activations", 1],
      ["2026-10-01", "signups", 4],
      ["2026-10-02", "activations", 2],
    ]);
  });

  it("gives existing audit entries their kind, and keeps refusing updates", async () => {
    expect(await db.selectFrom("audit_log").select(["id", "kind"]).execute()).toEqual([{ id: "a1", kind: "user" }]);
    await expect(db.updateTable("audit_log").set({ kind: "x" }).execute()).rejects.toThrow(/audit_log is append-only/);
  });

  // Since the audit chain (migration 030), pruning goes through the chain's checkpoint, not audit_purge.
  it("keeps the audit log append-only except up to the pruning checkpoint", async () => {
    const entry = (id: string, at: string) => ({ id, at, actor_name: "a", action: "auth.login", target_type: "user", details: "{}" });
    await db.insertInto("audit_log").values([entry("old", "2026-01-01T00:00:00.000Z"), entry("new", "2026-11-01T00:00:00.000Z")]).execute();
    await expect(db.deleteFrom("audit_log").where("id", "=", "old").execute()).rejects.toThrow(/audit_log is append-only/);
    await db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("audit_log").select("seq").where("id", "=", "old").executeTakeFirstOrThrow();
      await trx.insertInto("audit_chain").values({ name: "checkpoint", seq: old.seq, entry_id: "old", hash: null, mac: null }).execute();
      await trx.deleteFrom("audit_log").where("id", "=", "old").execute();
    });
    await expect(db.deleteFrom("audit_log").where("id", "=", "new").execute()).rejects.toThrow(/audit_log is append-only/);
    expect((await db.selectFrom("audit_log").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual(["a1", "new"]);
  });
});
