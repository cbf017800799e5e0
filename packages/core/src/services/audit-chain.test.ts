/**
 * The audit chain in the core (issue 26, SECURITY 32): entries written before the chain existed are sealed
 * once, and two instances (two connection pools on one database) writing at once never fork the chain.
 */
// SECURITY 32
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../data/database.ts";
import { createTestCore, type TestCore } from "../test/test-core.ts";
import { recordAudit } from "./audit.service.ts";
import { sealAuditLog, verifyAuditChain } from "./audit-chain.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

const SYSTEM = { kind: "system", reason: "test" } as const;

describe("the audit chain", () => {
  it("seals entries written before it existed, oldest first, and only once", async () => {
    for (let i = 0; i < 3; i++) {
      // As a database from before issue 26 holds them: no hash, no prev_hash.
      await core.db
        .insertInto("audit_log")
        .values({
          id: `old-${i}`,
          at: `2026-11-2${i}T10:00:00.000Z`,
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
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toEqual({
      ok: false,
      entries: 0,
      firstBadId: "old-0",
      reason: "This entry was never chained.",
    });
    expect(await sealAuditLog(core.db, core.config.auditKey)).toBe(3);
    expect(await sealAuditLog(core.db, core.config.auditKey)).toBe(0);
    await recordAudit(core, core.db, SYSTEM, { action: "project.edit", targetType: "project" });
    expect(await verifyAuditChain(core.db, core.config.auditKey)).toMatchObject({ ok: true, entries: 4 });
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
});
