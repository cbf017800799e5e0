/**
 * The work `pnpm bench:history` measures, in the bench's process, through the project's own data
 * layer. Bundled by history-bench.mjs (esbuild).
 *
 * - `measureEdits`: a project edit as the product makes it now (`updateProject`: the row, its sync change,
 *   its history row and its chained audit entry, one transaction) against the same edit without history and
 *   chain: `updateProject` as it was before history and the chain (commit 31dd766), copied check for check and statement for
 *   statement, its audit entry inserted unchained; on the same database, interleaved round by round so both
 *   see the same machine.
 * - `measureVerify`: `verifyAuditChain` (what `pnpm audit:verify` and `GET /api/admin/audit/verify` run) over
 *   the chained log `seedScale` wrote.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { migrateToLatest, openDatabase } from "@portfolio/core/data";
import { projectUpdateSchema } from "@portfolio/core/domain";
import {
  type Actor,
  actorName,
  assertCan,
  bumpRevision,
  type Core,
  changedFields,
  DEFAULT_CORE_CONFIG,
  sealAuditLogOnce,
  toProject,
  updateProject,
  verifyAuditChain,
} from "@portfolio/core/services";
import { changedSyncFields, recordChange } from "@portfolio/core/sync";

export { seedScale } from "./scale-seed.ts";

const BENCH_ACTOR: Actor = {
  kind: "user",
  id: "bench-owner",
  username: "owner",
  permissions: ["override:owner"],
};

function benchCore(databaseUrl: string, auditKey: string) {
  const { db } = openDatabase(databaseUrl, { poolSize: 2 });
  const core: Core = {
    db,
    mailer: { async send() {}, enqueue() {}, async drain() {}, queued: () => 0 },
    // The bench never touches second factors; the key only completes the configuration.
    config: { ...DEFAULT_CORE_CONFIG, publicUrl: "http://localhost:3000", auditKey, secondFactorKey: auditKey },
    now: () => new Date(),
  };
  return core;
}

/**
 * The edit before history and the chain: `updateProject` as it stood at commit 31dd766 (the last before the chain and
 * history), statement for statement and check for check (policy, schema, revision, versioned update, sync
 * change, audit details), its audit entry inserted unchained as it was then.
 */
async function editWithoutHistory(core: Core, actor: Actor, id: string, input: { title: string }): Promise<void> {
  assertCan(actor, "projects.edit");
  const parsed = projectUpdateSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.message);
  const patch = parsed.data;
  await core.db.transaction().execute(async (trx) => {
    await bumpRevision(trx);
    const row = await trx.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await trx
      .updateTable("projects")
      .set({
        title: patch.title ?? row.title,
        description: patch.description ?? row.description,
        github: row.github,
        external_link: row.external_link,
        is_archived: patch.isArchived === undefined ? row.is_archived : Number(patch.isArchived),
        is_latest: patch.isLatest === undefined ? row.is_latest : Number(patch.isLatest),
        tags: patch.tags ? JSON.stringify(patch.tags) : row.tags,
        updated_at: core.now().toISOString(),
        version: row.version + 1,
      })
      .where("id", "=", id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    const before = toProject(row);
    const after = toProject(
      await trx.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    );
    await recordChange(trx, {
      entity: "project",
      entityId: id,
      fields: changedSyncFields("project", before, after),
      version: after.version,
      deleted: false,
      at: core.now(),
    });
    const { updatedAt: _b, version: _bv, ...beforeFields } = before;
    const { updatedAt: _a, version: _av, ...afterFields } = after;
    await trx
      .insertInto("audit_log")
      .values({
        id: randomUUID(),
        at: core.now().toISOString(),
        actor_id: actor.kind === "user" ? actor.id : null,
        actor_name: actorName(actor),
        action: "project.edit",
        kind: "project",
        target_type: "project",
        target_id: id,
        details: JSON.stringify({ title: after.title, ...changedFields(beforeFields, afterFields) }),
      })
      .execute();
  });
}

export interface EditFigures {
  withHistoryMs: number[];
  withoutHistoryMs: number[];
}

/**
 * `rounds` edits each way after `warmup` of each, alternating which goes first, on two projects of the
 * seeded database (so neither edit finds the other's row hot).
 */
export async function measureEdits(
  databaseUrl: string,
  auditKey: string,
  rounds: number,
  warmup: number,
): Promise<EditFigures> {
  const core = benchCore(databaseUrl, auditKey);
  try {
    await migrateToLatest(core.db);
    await sealAuditLogOnce(core.db, core);
    const [a, b] = await core.db.selectFrom("projects").select("id").orderBy("id").limit(2).execute();
    if (!a || !b) throw new Error("The bench database has fewer than two projects.");
    const figures: EditFigures = { withHistoryMs: [], withoutHistoryMs: [] };
    const withHistory = async (i: number) => {
      const started = performance.now();
      await updateProject(core, BENCH_ACTOR, a.id, { title: `History edit ${i}` });
      return performance.now() - started;
    };
    const withoutHistory = async (i: number) => {
      const started = performance.now();
      await editWithoutHistory(core, BENCH_ACTOR, b.id, { title: `Plain edit ${i}` });
      return performance.now() - started;
    };
    for (let i = 0; i < warmup + rounds; i++) {
      const order = i % 2 === 0 ? [withHistory, withoutHistory] : [withoutHistory, withHistory];
      for (const run of order) {
        const ms = await run(i);
        if (i < warmup) continue;
        (run === withHistory ? figures.withHistoryMs : figures.withoutHistoryMs).push(ms);
      }
    }
    return figures;
  } finally {
    await core.db.destroy();
  }
}

export interface VerifyFigures {
  ms: number;
  ok: boolean;
  entries: number;
}

/** One verification of the whole chain, on a fresh connection (nothing cached in this process). */
export async function measureVerify(databaseUrl: string, auditKey: string): Promise<VerifyFigures> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const started = performance.now();
    const answer = await verifyAuditChain(db, auditKey);
    return { ms: performance.now() - started, ok: answer.ok, entries: answer.entries };
  } finally {
    await db.destroy();
  }
}
