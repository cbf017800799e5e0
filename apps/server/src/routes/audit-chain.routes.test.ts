/**
 * The audit log proves itself. docs/security.md, promise 32: every entry is chained to the one before it with a
 * keyed hash (the key outside the database), and `GET /api/admin/audit/verify` finds the first entry changed,
 * the first after a removed one, and entries cut off the end against a head saved earlier.
 */
// docs/security.md, promise 32
import { statSync } from "node:fs";
import { join } from "node:path";
import type { AuditLogAnswer, AuditVerifyAnswer } from "@portfolio/core/domain";
import {
  AUDIT_CHECK_INTERVAL_MS,
  AUDIT_CHECK_SETTING,
  checkAuditChainIfDue,
  pruneAuditLog,
  TOO_MANY_VERIFICATIONS,
  VERIFY_RUNS_PER_WINDOW,
  VERIFY_WINDOW_MS,
} from "@portfolio/core/services";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { outboxMails, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCore } from "../create-core.ts";
import { tamperAuditLog } from "../test/tamper.ts";

let server: TestServer;
let accounts: RoleAccounts;
beforeEach(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
  // A few more entries to break: three project edits.
  for (const title of ["One", "Two", "Three"]) {
    await accounts.as.owner.post("/api/projects", { title, description: "", tags: [] });
  }
});
afterEach(async () => {
  await server.close();
});

/** Oldest first. */
async function entries(): Promise<AuditLogAnswer["entries"]> {
  const res = await accounts.as.owner.get<AuditLogAnswer>("/api/admin/audit?limit=200");
  return res.body.entries.reverse();
}

/** Changes an entry's columns behind the server's back, as someone with write access to the database. */
async function rewriteEntry(id: string, values: { details?: string; actor_name?: string; hash?: string }) {
  await tamperAuditLog(server.config.databaseUrl, (trx) =>
    trx.updateTable("audit_log").set(values).where("id", "=", id).execute(),
  );
}

/** Deletes the newest `count` entries behind the server's back, as someone with write access to the database. */
async function cutNewest(log: AuditLogAnswer["entries"], count: number): Promise<void> {
  const ids = log.slice(-count).map((e) => e.id);
  await tamperAuditLog(server.config.databaseUrl, (trx) =>
    trx.deleteFrom("audit_log").where("id", "in", ids).execute(),
  );
}

async function verify(query = ""): Promise<AuditVerifyAnswer> {
  const res = await accounts.as.owner.get<AuditVerifyAnswer>(`/api/admin/audit/verify${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe("the audit chain", () => {
  it("chains every entry to the one before it with a 64-hex hash", async () => {
    const log = await entries();
    expect(log.length).toBeGreaterThan(5);
    expect(log[0]?.prevHash).toBeNull();
    for (let i = 1; i < log.length; i++) {
      expect(log[i]?.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(log[i]?.prevHash).toBe(log[i - 1]?.hash);
    }
  });

  it("verifies whole, with the newest entry as its head", async () => {
    const log = await entries();
    const last = log.at(-1);
    expect(await verify()).toEqual({ ok: true, entries: log.length, head: { id: last?.id, hash: last?.hash } });
  });

  it("finds an entry whose details were changed in the database", async () => {
    const target = (await entries())[3];
    await rewriteEntry(target?.id ?? "", { details: '{"after":{"title":"Forged"}}' });
    expect(await verify()).toEqual({
      ok: false,
      entries: 3,
      firstBadId: target?.id,
      reason: "This entry was changed after it was written.",
    });
  });

  it("finds a change even when the forger re-chained it without the key", async () => {
    const log = await entries();
    const target = log[2];
    // A plain SHA-256 (or an HMAC under a guessed key) of the forged entry does not match the keyed chain.
    await rewriteEntry(target?.id ?? "", { actor_name: "nobody", hash: "0".repeat(64) });
    expect(await verify()).toMatchObject({ ok: false, firstBadId: target?.id });
  });

  it("finds a removed entry: the first entry after the gap", async () => {
    const log = await entries();
    await tamperAuditLog(server.config.databaseUrl, (trx) =>
      trx
        .deleteFrom("audit_log")
        .where("id", "=", log[4]?.id ?? "")
        .execute(),
    );
    expect(await verify()).toEqual({
      ok: false,
      entries: 4,
      firstBadId: log[5]?.id,
      reason: "The entry before this one was removed (or one was inserted).",
    });
  });

  it("finds the last entries cut off the end against a head saved earlier", async () => {
    const saved = await verify();
    if (!saved.ok || !saved.head) throw new Error("expected a whole chain");
    const log = await entries();
    await cutNewest(log, 2);
    expect(await verify(`?head=${saved.head.id}:${saved.head.hash}`)).toEqual({
      ok: false,
      entries: log.length - 2,
      firstBadId: saved.head.id,
      reason: "The log ends before the saved head: entries were cut off the end.",
    });
  });

  it("still verifies after pruning, from the keyed checkpoint it leaves", async () => {
    const log = await entries();
    const cut = log[3]?.at ?? "";
    const removed = await pruneAuditLog(server.core.db, server.core.config.auditKey, cut);
    expect(removed).toBeGreaterThan(0);
    expect(await verify()).toMatchObject({ ok: true, entries: log.length - removed });
    // A checkpoint moved by someone without the key is refused.
    await tamperAuditLog(server.config.databaseUrl, (trx) =>
      trx
        .updateTable("audit_chain")
        .set({ hash: "f".repeat(64) })
        .where("name", "=", "checkpoint")
        .execute(),
    );
    expect(await verify()).toMatchObject({ ok: false, reason: "The pruning checkpoint was changed." });
  });

  it("refuses to delete or change a chained entry outside pruning", async () => {
    const [first] = await entries();
    await expect(
      server.core.db
        .deleteFrom("audit_log")
        .where("id", "=", first?.id ?? "")
        .execute(),
    ).rejects.toThrow("audit_log is append-only");
    await expect(
      server.core.db
        .updateTable("audit_log")
        .set({ details: "{}" })
        .where("id", "=", first?.id ?? "")
        .execute(),
    ).rejects.toThrow("audit_log is append-only");
  });
});

// docs/security.md, the database holder: writing the database without the key makes no forged entry verify.
describe("against someone who can write the database but does not hold the key", () => {
  it("a restart does not chain an entry inserted without a hash: verify answers the break", async () => {
    await tamperAuditLog(server.config.databaseUrl, (trx) =>
      trx
        .insertInto("audit_log")
        .values({
          id: "forged",
          at: new Date().toISOString(),
          actor_id: null,
          actor_name: "alice",
          action: "user.delete",
          kind: "user",
          target_type: "user",
          target_id: "bob",
          details: "{}",
          prev_hash: null,
          hash: null,
        })
        .execute(),
    );
    // The next deploy: the core is created again on the same database.
    const restarted = await createCore(server.config, () => {});
    await restarted.close();
    expect(await verify()).toMatchObject({ ok: false, firstBadId: "forged", reason: "This entry was never chained." });
  });

  it("finds the newest entries cut off the end against the head the last verification remembered", async () => {
    const whole = await verify();
    expect(whole.ok).toBe(true);
    const log = await entries();
    await cutNewest(log, 2);
    expect(await verify()).toEqual({
      ok: false,
      entries: log.length - 2,
      firstBadId: log.at(-1)?.id,
      reason: "The log ends before the remembered head: entries were cut off the end.",
    });
  });

  it("finds an emptied log after a verification saw entries", async () => {
    const log = await entries();
    expect(await verify()).toMatchObject({ ok: true });
    await tamperAuditLog(server.config.databaseUrl, (trx) => trx.deleteFrom("audit_log").execute());
    expect(await verify()).toEqual({
      ok: false,
      entries: 0,
      firstBadId: log.at(-1)?.id,
      reason: "The log ends before the remembered head: entries were cut off the end.",
    });
  });

  it("finds the remembered head removed, with entries cut off the end", async () => {
    expect(await verify()).toMatchObject({ ok: true });
    const log = await entries();
    await tamperAuditLog(server.config.databaseUrl, async (trx) => {
      await trx
        .deleteFrom("audit_log")
        .where("id", "=", log.at(-1)?.id ?? "")
        .execute();
      await trx.deleteFrom("audit_chain").where("name", "=", "verified").execute();
    });
    expect(await verify()).toMatchObject({ ok: false, reason: "The remembered head was removed from the database." });
  });

  it("finds the checkpoint's seq moved past the last entry", async () => {
    const log = await entries();
    await pruneAuditLog(server.core.db, server.core.config.auditKey, log[2]?.at ?? "");
    expect(await verify()).toMatchObject({ ok: true });
    await tamperAuditLog(server.config.databaseUrl, (trx) =>
      trx.updateTable("audit_chain").set({ seq: 1_000_000 }).where("name", "=", "checkpoint").execute(),
    );
    expect(await verify()).toMatchObject({ ok: false, reason: "The pruning checkpoint was changed." });
  });
});

describe("GET /api/admin/audit/verify", () => {
  it(`starts at most ${VERIFY_RUNS_PER_WINDOW} walks a user in ${VERIFY_WINDOW_MS / 60_000} minutes`, async () => {
    for (let i = 0; i < VERIFY_RUNS_PER_WINDOW; i++) await verify();
    const refused = await accounts.as.owner.get("/api/admin/audit/verify");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_VERIFICATIONS });
    // Another user's walks are their own.
    expect((await accounts.as.admin.get("/api/admin/audit/verify")).status).toBe(200);
    server.clock.advance(VERIFY_WINDOW_MS);
    expect((await accounts.as.owner.get("/api/admin/audit/verify")).status).toBe(200);
  });

  it("is for whoever may read the audit log", async () => {
    expect((await accounts.as.admin.get("/api/admin/audit/verify")).status).toBe(200);
    const user = await accounts.as.user.get("/api/admin/audit/verify");
    expect(user.status).toBe(403);
    expect((await accounts.as.anonymous.get("/api/admin/audit/verify")).status).toBe(401);
  });

  it("refuses a head that is not <id>:<hash>", async () => {
    const res = await accounts.as.owner.get("/api/admin/audit/verify?head=nope");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "head must be an entry id and its hash, as <id>:<hash>." });
  });
});

describe("GET /api/admin/audit/check", () => {
  it("is null before the chain was ever checked", async () => {
    const res = await accounts.as.owner.get("/api/admin/audit/check");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ check: null });
  });

  it("answers housekeeping's daily check and when; a verify asked for changes nothing", async () => {
    await verify();
    expect((await accounts.as.owner.get("/api/admin/audit/check")).body).toEqual({ check: null });
    const daily = await checkAuditChainIfDue(server.core);
    const res = await accounts.as.admin.get<{ check: AuditVerifyAnswer & { at: string } }>("/api/admin/audit/check");
    expect(res.body.check).toEqual({ ...(await verify()), at: daily?.at });
    // A break made since is not in the stored check; the next daily check finds it and takes its place.
    const target = (await entries())[1];
    await rewriteEntry(target?.id ?? "", { details: '{"forged":true}' });
    expect((await accounts.as.owner.get("/api/admin/audit/check")).body).toMatchObject({ check: { ok: true } });
    server.clock.advance(AUDIT_CHECK_INTERVAL_MS);
    await checkAuditChainIfDue(server.core);
    expect((await accounts.as.owner.get("/api/admin/audit/check")).body).toMatchObject({
      check: { ok: false, firstBadId: target?.id },
    });
  });

  it("answers a stored result changed in the database as a break, and the daily check runs again", async () => {
    const daily = await checkAuditChainIfDue(server.core);
    expect(daily).toMatchObject({ ok: true });
    // 'Intact', dated a year ahead so that the check never runs again.
    const future = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString();
    await server.core.db
      .updateTable("settings")
      .set({ value: JSON.stringify({ ...daily, at: future }) })
      .where("key", "=", AUDIT_CHECK_SETTING)
      .execute();
    expect((await accounts.as.owner.get("/api/admin/audit/check")).body).toMatchObject({
      check: { ok: false, reason: "The stored result of the daily check was changed in the database." },
    });
    expect(await checkAuditChainIfDue(server.core)).toMatchObject({ ok: true });
    expect((await accounts.as.owner.get("/api/admin/audit/check")).body).toMatchObject({ check: { ok: true } });
  });

  it("answers a keyed result dated in the future as a break", async () => {
    // Two instances' clocks: this one's stored result is dated two hours ahead of the server reading it.
    server.clock.advance(2 * 60 * 60 * 1000);
    await checkAuditChainIfDue(server.core);
    server.clock.advance(-2 * 60 * 60 * 1000);
    expect((await accounts.as.owner.get("/api/admin/audit/check")).body).toMatchObject({
      check: {
        ok: false,
        reason: "The stored result of the daily check is dated in the future: it was changed in the database.",
      },
    });
    expect(await checkAuditChainIfDue(server.core)).toMatchObject({ ok: true });
  });

  it("mails the owner a break when the stored result says 'broken' without its key", async () => {
    const target = (await entries())[1];
    // 'Already broken at this very entry' (so already mailed), written without the key.
    const stored = { ok: false, entries: 1, firstBadId: target?.id, reason: "old", at: new Date(0).toISOString() };
    await server.core.db
      .insertInto("settings")
      .values({ key: AUDIT_CHECK_SETTING, value: JSON.stringify(stored) })
      .execute();
    await rewriteEntry(target?.id ?? "", { details: '{"forged":true}' });
    await checkAuditChainIfDue(server.core);
    await server.core.mailer.drain();
    const subjects = outboxMails(server.outboxDir).map((m) => m.subject);
    expect(subjects).toContain("Your audit log is broken");
  });

  it("is for whoever may read the audit log", async () => {
    expect((await accounts.as.user.get("/api/admin/audit/check")).status).toBe(403);
    expect((await accounts.as.anonymous.get("/api/admin/audit/check")).status).toBe(401);
  });
});

describe("the audit key", () => {
  it("is created once beside the database, readable by its owner only, and never stored in it", async () => {
    const file = server.config.audit.file;
    expect(file).toBe(join(server.config.mailOutboxDir, "..", "audit.key"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const settings = await server.core.db.selectFrom("settings").select("value").execute();
    expect(JSON.stringify(settings)).not.toContain(server.core.config.auditKey);
  });

  it("AUDIT_KEY wins over the file and must be long enough", async () => {
    const other = await startTestServer({ env: { AUDIT_KEY: "an-audit-key-from-the-environment" } });
    try {
      expect(other.core.config.auditKey).toBe("an-audit-key-from-the-environment");
    } finally {
      await other.close();
    }
    await expect(startTestServer({ env: { AUDIT_KEY: "short" } })).rejects.toThrow(
      "AUDIT_KEY must be at least 16 characters long (e.g. the output of: openssl rand -base64 32).",
    );
  });
});
