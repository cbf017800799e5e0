/**
 * Housekeeping keeps tables bounded, on both dialects, with a moved clock: what has expired goes,
 * what is still good stays, the audit log goes only past AUDIT_RETENTION_DAYS, and of several instances
 * exactly one runs it per interval.
 */

import { addUser, createSyncFixture, type SyncFixture } from "@portfolio/testing/core/sync-fixture.ts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "./audit.service.ts";
import { verifyAuditChain } from "./audit-chain.ts";
import { AUDIT_CHECK_INTERVAL_MS } from "./audit-check.ts";
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, runHousekeepingIfDue, takeLease } from "./housekeeping.ts";
import { createProject, deleteProject } from "./projects.service.ts";
import { createSession } from "./sessions.service.ts";
import { issueToken } from "./tokens.service.ts";

const DAY = 24 * 60 * 60 * 1000;
const START = new Date("2026-06-01T12:00:00.000Z");

let f: SyncFixture;
let clock: Date;
beforeEach(async () => {
  f = await createSyncFixture();
  clock = START;
  f.core.now = () => clock;
});
afterEach(async () => {
  await f.close();
});

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const rows = async (table: "sessions" | "tokens" | "twitch_states" | "rate_limits" | "audit_log" | "trash") =>
  (await f.core.db.selectFrom(table).selectAll().execute()).length;

describe("housekeeping", () => {
  it("deletes sessions past their expiry and keeps live ones", async () => {
    await createSession(f.core, f.core.db, f.admin.id, "old");
    later(20 * DAY);
    await createSession(f.core, f.core.db, f.admin.id, "new");
    later(15 * DAY); // the first is 35 days old (sessions last 30), the second 15
    expect(await runHousekeeping(f.core)).toMatchObject({ sessions: 1 });
    expect(await rows("sessions")).toBe(1);
  });

  it("deletes used e-mail tokens at once and unused ones a week past their expiry", async () => {
    const user = await addUser(f.core, "someone", ["website:view"], false);
    await f.core.db.transaction().execute(async (trx) => {
      await issueToken(f.core, trx, "reset", user.id); // superseded (marked used) by the next one
      await issueToken(f.core, trx, "reset", user.id);
    });
    expect(await runHousekeeping(f.core)).toMatchObject({ tokens: 1 });
    later(2 * DAY); // expired (a reset link lasts an hour), still answering "expired"
    expect(await runHousekeeping(f.core)).toMatchObject({ tokens: 0 });
    later(6 * DAY);
    expect(await runHousekeeping(f.core)).toMatchObject({ tokens: 1 });
    expect(await rows("tokens")).toBe(0);
  });

  it("deletes Twitch states and rate-limit rows once their time is over", async () => {
    await createSession(f.core, f.core.db, f.owner.id, "t");
    const sessionId = (await f.core.db.selectFrom("sessions").select("id").executeTakeFirstOrThrow()).id;
    const at = (ms: number) => new Date(clock.getTime() + ms).toISOString();
    await f.core.db
      .insertInto("twitch_states")
      .values([
        {
          state_hash: "gone",
          session_id: sessionId,
          user_id: f.owner.id,
          created_at: at(0),
          expires_at: at(-1000),
          used_at: null,
        },
        {
          state_hash: "live",
          session_id: sessionId,
          user_id: f.owner.id,
          created_at: at(0),
          expires_at: at(60_000),
          used_at: null,
        },
      ])
      .execute();
    await f.core.db
      .insertInto("rate_limits")
      .values([
        { limiter: "login", key: "a", hits: 3, reset_at: at(-1000) },
        { limiter: "login", key: "b", hits: 1, reset_at: at(60_000) },
      ])
      .execute();
    expect(await runHousekeeping(f.core)).toMatchObject({ twitchStates: 1, rateLimits: 1 });
    expect(await rows("twitch_states")).toBe(1);
    expect(await rows("rate_limits")).toBe(1);
  });

  it("keeps the audit log for ever without AUDIT_RETENTION_DAYS, and deletes older entries with it", async () => {
    await recordAudit({ config: f.core.config, now: () => clock }, f.core.db, f.owner, {
      action: "auth.login",
      targetType: "user",
    });
    later(40 * DAY);
    await recordAudit({ config: f.core.config, now: () => clock }, f.core.db, f.owner, {
      action: "auth.login",
      targetType: "user",
    });
    expect(await runHousekeeping(f.core)).toMatchObject({ auditEntries: 0 });
    f.core.config.auditRetentionMs = 30 * DAY;
    expect(await runHousekeeping(f.core)).toMatchObject({ auditEntries: 1 });
    expect(await rows("audit_log")).toBe(1);
    // Outside housekeeping the log is still append-only.
    await expect(f.core.db.deleteFrom("audit_log").execute()).rejects.toThrow(/audit_log is append-only/);
  });
});

// docs/security.md, promise 32: pruning leaves a keyed checkpoint, the trash empties itself, and the chain is checked daily.
describe("nothing lost unseen", () => {
  it("prunes the audit log by AUDIT_RETENTION_DAYS and the rest still verifies", async () => {
    const writer = { config: f.core.config, now: () => clock };
    await recordAudit(writer, f.core.db, f.owner, { action: "auth.login", targetType: "user" });
    later(40 * DAY);
    await recordAudit(writer, f.core.db, f.owner, { action: "auth.login", targetType: "user" });
    f.core.config.auditRetentionMs = 30 * DAY;
    expect(await runHousekeeping(f.core)).toMatchObject({ auditEntries: 1 });
    expect(await verifyAuditChain(f.core.db, f.core.config.auditKey)).toMatchObject({ ok: true });
  });

  it("purges projects whose time in the trash is over, and only those", async () => {
    const made = await createProject(f.core, f.owner, { title: "Old", description: "Gone soon", tags: [] });
    await deleteProject(f.core, f.owner, made._id);
    expect(await runHousekeeping(f.core)).toMatchObject({ trashPurged: 0 });
    later(f.core.config.trashRetentionMs);
    expect(await runHousekeeping(f.core)).toMatchObject({ trashPurged: 1 });
    expect(await rows("trash")).toBe(0);
  });

  it("checks the chain once a day and mails the owner once when it breaks", async () => {
    await recordAudit(f.core, f.core.db, f.owner, { action: "auth.login", targetType: "user" });
    const first = await runHousekeeping(f.core);
    expect(first.auditCheck).toMatchObject({ ok: true, at: clock.toISOString() });
    later(HOUSEKEEPING_INTERVAL_MS);
    expect((await runHousekeeping(f.core)).auditCheck).toBeUndefined();
    const entry = await f.core.db.selectFrom("audit_log").select("id").orderBy("seq").executeTakeFirstOrThrow();
    await breakEntry(entry.id);
    later(AUDIT_CHECK_INTERVAL_MS);
    expect((await runHousekeeping(f.core)).auditCheck).toMatchObject({ ok: false, firstBadId: entry.id });
    const mails = f.core.sent.filter((m) => m.subject === "Your audit log is broken");
    expect(mails.map((m) => m.to)).toEqual(["owner@example.com"]);
    expect(mails[0]?.text).toContain(`First bad entry: ${entry.id}`);
    later(AUDIT_CHECK_INTERVAL_MS);
    await runHousekeeping(f.core);
    expect(f.core.sent.filter((m) => m.subject === "Your audit log is broken")).toHaveLength(1);
  });
});

/** As someone who can write the database would: the guard lifted, one entry's details changed. */
async function breakEntry(id: string): Promise<void> {
  await f.core.db.transaction().execute(async (trx) => {
    if (f.core.dialect === "postgres") {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER USER`.execute(trx);
      await trx.updateTable("audit_log").set({ details: '{"forged":true}' }).where("id", "=", id).execute();
      await sql`ALTER TABLE audit_log ENABLE TRIGGER USER`.execute(trx);
      return;
    }
    const triggers = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`.execute(trx);
    for (const t of triggers.rows) await sql`DROP TRIGGER ${sql.id(t.name)}`.execute(trx);
    await trx.updateTable("audit_log").set({ details: '{"forged":true}' }).where("id", "=", id).execute();
    for (const t of triggers.rows) await sql.raw(t.sql).execute(trx);
  });
}

describe("one instance at a time", () => {
  it("gives the lease to exactly one of several instances asking at once", async () => {
    const asks = ["a", "b", "c", "d"].map((holder) => takeLease(f.core.db, "job", holder, clock, 60_000));
    expect((await Promise.all(asks)).filter(Boolean)).toHaveLength(1);
  });

  it("runs once per interval across instances, and again once the interval is over", async () => {
    expect(await runHousekeepingIfDue(f.core, "instance-1")).toBeDefined();
    later(HOUSEKEEPING_INTERVAL_MS / 2);
    expect(await runHousekeepingIfDue(f.core, "instance-2")).toBeUndefined();
    expect(await runHousekeepingIfDue(f.core, "instance-1")).toBeUndefined();
    later(HOUSEKEEPING_INTERVAL_MS / 2);
    expect(await runHousekeepingIfDue(f.core, "instance-2")).toBeDefined();
    const lease = await f.core.db.selectFrom("job_leases").selectAll().executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ name: "housekeeping", holder: "instance-2", last_run_at: clock.toISOString() });
  });
});
