/**
 * The audit chain in the core (docs/security.md, promise 32, docs/security.md: the database holder): entries written
 * before the chain existed are sealed once, at the first start, as an audited act, and two instances (two
 * connection pools on one database) writing at once never fork the chain.
 */
// docs/security.md, promise 32

import { createHmac } from "node:crypto";
import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../data/database.ts";
import { recordAudit } from "./audit.service.ts";
import { entryHash, entryHasher, keyedHasher, pruneAuditLog, verifyAuditChain } from "./audit-chain.ts";
import { writeMark } from "./audit-chain-marks.ts";
import { sealAuditLogOnce } from "./audit-seal.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

const SYSTEM = { kind: "system", reason: "test" } as const;

describe("the audit chain", () => {
  it("seals entries written before it existed at the first start, oldest first, with an entry of its own", async () => {
    // As a database from before the chain holds them (no hash, no prev_hash), with no seal yet.
    await core.db.deleteFrom("audit_chain").execute();
    for (let i = 0; i < 3; i++) await insertUnchained(`old-${i}`);
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toEqual({
      ok: false,
      entries: 0,
      firstBadId: "old-0",
      reason: "The chain has no seal: it was removed from the database, or the server never started on it.",
    });
    expect(await sealAuditLogOnce(core.db, core)).toEqual({ sealed: true, earlier: 3 });
    expect(await sealAuditLogOnce(core.db, core)).toEqual({ sealed: false, earlier: 0 });
    const newest = await core.db.selectFrom("audit_log").selectAll().orderBy("seq", "desc").executeTakeFirstOrThrow();
    expect(newest).toMatchObject({ action: "audit.sealed", details: '{"earlierEntries":3}' });
    await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project" });
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toMatchObject({ ok: true, entries: 5 });
  });

  it("chains nothing at a later start: an entry inserted without a hash stays a break", async () => {
    await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project" });
    await insertUnchained("forged");
    // A restart runs the start-up step again.
    expect(await sealAuditLogOnce(core.db, core)).toEqual({ sealed: false, earlier: 0 });
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toEqual({
      ok: false,
      entries: 1,
      firstBadId: "forged",
      reason: "This entry was never chained.",
    });
  });

  it("refuses a second seal: the keyed rows removed so that a start seals again", async () => {
    // A chain written by a release before the seal: its first start seals it with an entry.
    await core.db.deleteFrom("audit_chain").where("name", "in", ["seal", "verified"]).execute();
    await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project" });
    expect(await sealAuditLogOnce(core.db, core)).toEqual({ sealed: true, earlier: 0 });
    const first = await core.db.selectFrom("audit_log").select("id").orderBy("seq", "desc").executeTakeFirstOrThrow();
    await core.db.deleteFrom("audit_chain").where("name", "in", ["seal", "verified"]).execute();
    expect(await sealAuditLogOnce(core.db, core)).toEqual({ sealed: true, earlier: 0 });
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toEqual({
      ok: false,
      entries: 1,
      firstBadId: first.id,
      reason: "The chain was sealed more than once: its keyed rows were reset in the database.",
    });
  });

  it("stays one chain when two instances write entries at once", async () => {
    // On PostgreSQL a second pool is a second instance; a SQLite file has one writer process, so its second
    // "instance" is the same handle.
    const second = core.dialect === "postgres" ? openDatabase(core.databaseUrl, { poolSize: 4 }) : { db: core.db };
    try {
      const writes = [core.db, second.db].flatMap((db, instance) =>
        Array.from({ length: 40 }, (_, i) =>
          db.transaction().execute((trx) =>
            recordAudit(core, trx, SYSTEM, {
              action: "project.edit",
              targetType: "project",
              targetId: `i${instance}-${i}`,
            }),
          ),
        ),
      );
      await Promise.all(writes);
    } finally {
      if (second.db !== core.db) await second.db.destroy();
    }
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toMatchObject({ ok: true, entries: 80 });
  });

  it("writes a change's version rows in the statement that takes the head, and chains a retried one too", async () => {
    const alongside = {
      table: "versions",
      key: ["subject", "subject_id", "version"],
      rows: [
        {
          subject: "role",
          subject_id: "editor",
          version: 1,
          at: "2026-11-26T10:00:00.000Z",
          actor_id: null,
          actor_name: null,
          action: "before-history",
          fields: "{}",
        },
        {
          subject: "role",
          subject_id: "editor",
          version: 2,
          at: "2026-11-26T10:00:00.000Z",
          actor_id: null,
          actor_name: "owner",
          action: "edit",
          fields: "{}",
        },
      ],
    } as const;
    const editRole = () =>
      recordAudit(core, core.db, SYSTEM, { action: "role.edit", targetType: "role", targetId: "editor" }, alongside);
    await editRole();
    // Every row is kept already: the insert writes nothing, and the head is taken on its own.
    await editRole();
    const kept = await core.db.selectFrom("versions").select(["version", "action"]).orderBy("version").execute();
    expect(kept).toEqual([
      { version: 1, action: "before-history" },
      { version: 2, action: "edit" },
    ]);
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toMatchObject({ ok: true, entries: 2 });
  });

  it("chains the next entry onto the checkpoint when pruning removed every entry", async () => {
    for (let i = 0; i < 3; i++)
      await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project" });
    expect(await pruneAuditLog(core.db, core.config.auditKey, "9999-01-01T00:00:00.000Z")).toBe(3);
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toMatchObject({ ok: true, entries: 0 });
    await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project" });
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toMatchObject({ ok: true, entries: 1 });
  });
});

/** Inserts an entry with no hash, as someone with the database but not the key would. */
async function insertUnchained(id: string): Promise<void> {
  await core.db
    .insertInto("audit_log")
    .values({
      id,
      at: "2026-11-20T10:00:00.000Z",
      actor_id: null,
      actor_name: "owner",
      action: "project.edit",
      target_type: "project",
      target_id: null,
      details: "{}",
      prev_hash: null,
      hash: null,
    })
    .execute();
}

/** Removes one entry as someone with the database but not the key would: the append-only guard lifted. */
async function removeEntry(seq: number): Promise<void> {
  await core.db.transaction().execute(async (trx) => {
    if (core.dialect === "postgres") {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER USER`.execute(trx);
      await trx.deleteFrom("audit_log").where("seq", "=", seq).execute();
      await sql`ALTER TABLE audit_log ENABLE TRIGGER USER`.execute(trx);
      return;
    }
    const triggers = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`.execute(trx);
    for (const t of triggers.rows) await sql`DROP TRIGGER ${sql.id(t.name)}`.execute(trx);
    await trx.deleteFrom("audit_log").where("seq", "=", seq).execute();
    for (const t of triggers.rows) await sql.raw(t.sql).execute(trx);
  });
}

describe("the verifier's hasher", () => {
  const entry = {
    id: "e1",
    at: "2026-11-26T10:00:00.000Z",
    actor_id: null,
    actor_name: "owner",
    action: "project.edit",
    target_type: "project",
    target_id: "p1",
    details: '{"title":"Ünïcode ✓"}',
  };

  it.each([
    ["a short key", "k"],
    ["a key of one block", "k".repeat(64)],
    ["a key longer than a block", "long-key-".repeat(20)],
  ])("answers exactly the writer's HMAC, with %s", (_, key) => {
    const hashOf = entryHasher(key);
    expect(hashOf(entry, null)).toBe(entryHash(key, entry, null));
    expect(hashOf(entry, "ab".repeat(32))).toBe(entryHash(key, entry, "ab".repeat(32)));
  });

  it("answers createHmac's HMAC-SHA256 for texts of any length, in any script, one after another", () => {
    const key = "k".repeat(10);
    const mac = keyedHasher(key);
    // Longer than the hasher's first buffer, then short again: the grown buffer leaves nothing behind.
    for (const text of ["", "a", "✓😀".repeat(3000), "b", `x${"\u0001\ud800".repeat(5000)}`, "short"]) {
      expect(mac(text)).toBe(createHmac("sha256", key).update(text).digest("hex"));
    }
  });

  it("verifies entries chained before the faster reading with the same hashes (the canonical form's bytes did not move)", async () => {
    // Both hashes were computed by the first version of the chain (createHmac over JSON.stringify of the
    // entry's fields and the previous hash), pinned here so any change of the canonical form's bytes fails.
    const key = "fixture-key-0123456789";
    const first = "67e1665eb60a084c232ef10636234e77f472cdec43074afda43478e034233ca8";
    const second = "8fbd3ded122a3baf6a4817c73b050c111450637739d495566b90494065a9f3dd";
    const fields = {
      at: "2026-11-26T10:00:00.000Z",
      actor_name: "owner",
      action: "project.edit",
      kind: "project",
      target_type: "project",
      details: '{"title":"Ünïcode ✓ \\"q\\" \\u0001 😀"}',
    };
    await core.db
      .insertInto("audit_log")
      .values([
        { ...fields, id: "e1", actor_id: null, target_id: "p1", prev_hash: null, hash: first },
        { ...fields, id: "e2", actor_id: "u1", target_id: null, prev_hash: first, hash: second },
      ])
      .execute();
    // The keyed rows of a database whose chain is keyed with `key` (the test core's are keyed with its own).
    for (const name of ["seal", "verified"] as const)
      await writeMark(core.db, key, name, { seq: 0, entryId: null, hash: null });
    expect(await verifyAuditChain(core.db, key)).toEqual({ ok: true, entries: 2, head: { id: "e2", hash: second } });
    expect(await verifyAuditChain(core.db, key, undefined, 1)).toEqual({
      ok: true,
      entries: 2,
      head: { id: "e2", hash: second },
    });
  });

  it("streams batch after batch, and finds a break in a later batch by its id", async () => {
    for (let i = 0; i < 5; i++) {
      await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project", targetId: `p${i}` });
    }
    const whole = await verifyAuditChain(core.db, core.config.auditKey);
    expect(await verifyAuditChain(core.db, core.config.auditKey, undefined, 2)).toEqual(whole);
    expect(whole).toMatchObject({ ok: true, entries: 5 });
    const fourth = await core.db
      .selectFrom("audit_log")
      .select(["seq", "id"])
      .orderBy("seq")
      .offset(3)
      .limit(1)
      .executeTakeFirstOrThrow();
    // As someone with the database but not the key would: drop the guard, then remove an entry.
    await removeEntry(fourth.seq);
    const fifth = await core.db.selectFrom("audit_log").select("id").where("seq", ">", fourth.seq).orderBy("seq");
    expect(await verifyAuditChain(core.db, core.config.auditKey, undefined, 2)).toEqual({
      ok: false,
      entries: 3,
      firstBadId: (await fifth.executeTakeFirstOrThrow()).id,
      reason: "The entry before this one was removed (or one was inserted).",
    });
  });
});
