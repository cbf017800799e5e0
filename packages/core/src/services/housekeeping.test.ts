/**
 * Housekeeping keeps tables bounded (issue 24), on both dialects, with a moved clock: what has expired goes,
 * what is still good stays, the audit log goes only past AUDIT_RETENTION_DAYS, and of several instances
 * exactly one runs it per interval.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addUser, createSyncFixture, type SyncFixture } from "../sync/sync-fixture.ts";
import { recordAudit } from "./audit.service.ts";
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, runHousekeepingIfDue, takeLease } from "./housekeeping.ts";
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
const rows = async (table: "sessions" | "tokens" | "twitch_states" | "rate_limits" | "audit_log") =>
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
    await recordAudit(f.core.db, f.owner, clock, { action: "auth.login", targetType: "user" });
    later(40 * DAY);
    await recordAudit(f.core.db, f.owner, clock, { action: "auth.login", targetType: "user" });
    expect(await runHousekeeping(f.core)).toMatchObject({ auditEntries: 0 });
    f.core.config.auditRetentionMs = 30 * DAY;
    expect(await runHousekeeping(f.core)).toMatchObject({ auditEntries: 1 });
    expect(await rows("audit_log")).toBe(1);
    // Outside housekeeping the log is still append-only.
    await expect(f.core.db.deleteFrom("audit_log").execute()).rejects.toThrow(/audit_log is append-only/);
  });
});

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
