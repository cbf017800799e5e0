/**
 * Every filter the audit panel offers reads through an index, on both dialects: by actor, by an
 * action, and by a kind (every action starting "kind.", as a range), newest first, so a filter that matches
 * little answers at once however long the log is.
 */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { type RawBuilder, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialectOf } from "../data/dialect.ts";
import { recordAudit } from "./audit.service.ts";
import { listAuditLog } from "./audit-log.service.ts";
import type { Actor } from "./context.ts";

let core: TestCore;
const OWNER: Actor = {
  kind: "user",
  id: "o",
  username: "owner",
  permissions: ["override:owner"],
  credential: "session",
};
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

/** The query plan of `query`; on pg with sequential scans off, so a tiny table still shows its index. */
async function planOf(query: RawBuilder<unknown>): Promise<string> {
  if (dialectOf(core.db) === "sqlite") {
    const rows = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(core.db)).rows;
    return rows.map((r) => r.detail).join("\n");
  }
  return core.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const rows = (await sql<{ "QUERY PLAN": string }>`EXPLAIN ${query}`.execute(trx)).rows;
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("the audit log's filters", () => {
  it("read by actor through the index audit_log_actor_seq", async () => {
    const plan = await planOf(sql`SELECT * FROM audit_log WHERE actor_name = 'nobody' ORDER BY seq DESC LIMIT 51`);
    expect(plan).toMatch(/audit_log_actor_seq/);
  });

  it("read by action through audit_log_action_seq and by kind through audit_log_kind_seq", async () => {
    const exact = await planOf(sql`SELECT * FROM audit_log WHERE action = 'user.edit' ORDER BY seq DESC LIMIT 51`);
    expect(exact).toMatch(/audit_log_action_seq/);
    const kind = await planOf(sql`SELECT * FROM audit_log WHERE kind = 'role' ORDER BY seq DESC LIMIT 51`);
    expect(kind).toMatch(/audit_log_kind_seq/);
    if (dialectOf(core.db) === "sqlite") expect(kind).not.toMatch(/TEMP B-TREE/);
  });

  it("answer a kind with exactly its actions, not a longer kind sharing its start", async () => {
    const at = new Date();
    for (const action of [
      "user.edit",
      "user.delete",
      "auth.login",
      "role.edit",
      "user.password_reset_requested",
    ] as const)
      await recordAudit({ config: core.config, now: () => at }, core.db, OWNER, { action, targetType: "user" });
    const { entries } = await listAuditLog(core, OWNER, { kind: "user" });
    expect(entries.map((e) => e.action)).toEqual(["user.password_reset_requested", "user.delete", "user.edit"]);
  });
});
