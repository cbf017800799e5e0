/**
 * New projects of a push, written together (docs/design.md §5; docs/performance.md): a run of ops in a row
 * that each create a project whose id the server has never seen is checked op by op as `applyOp` checks it
 * (its fields, the policy, the create's schema), then written with `createProjects`: a few statements for the
 * whole run instead of a dozen per op, and the same rows, history and chained audit entries, in the same
 * order. On PostgreSQL every statement is a round trip, so this is what a push of hundreds of offline
 * creates costs.
 *
 * A refused op is that op's `rejected` result and writes nothing, as on its own. If the write of the run is
 * refused all the same (a picture never uploaded), it is undone to its savepoint and the run's ops are
 * applied one by one (push.ts), each answered as it would have been.
 */
import { sql } from "kysely";
import type { Db } from "../data/schema.ts";
import type { SyncFirstResult, SyncOp } from "../domain/sync.ts";
import type { OperationContext } from "../operations/context.ts";
import { createProjects } from "../services/projects.service.ts";
import { assertKnownFields } from "./apply-op.ts";
import { rejectionOf } from "./push-rejection.ts";

/** An op that would create a project if its id is new: anything else goes through `applyOp`. */
export function mayCreate(op: SyncOp): boolean {
  return op.entity === "project" && op.kind === "upsert" && op.baseVersion === 0;
}

/**
 * The ids among `ops`' creates that no project has, ever had (the change log) or has in the trash: three
 * reads for the whole push. Such a create is a plain create: no conflict to look for, no version to carry on.
 */
export async function newProjectIds(db: Db, ops: readonly SyncOp[]): Promise<Set<string>> {
  const ids = [...new Set(ops.filter(mayCreate).map((op) => op.entityId))];
  if (ids.length < 2) return new Set();
  const known = new Set<string>();
  const add = (rows: { id: string }[]) => {
    for (const row of rows) known.add(row.id);
  };
  add(await db.selectFrom("projects").select("id").where("id", "in", ids).execute());
  add(
    await db
      .selectFrom("sync_changes")
      .select("entity_id as id")
      .distinct()
      .where("entity", "=", "project")
      .where("entity_id", "in", ids)
      .execute(),
  );
  add(await db.selectFrom("trash").select("id").where("type", "=", "project").where("id", "in", ids).execute());
  return new Set(ids.filter((id) => !known.has(id)));
}

/**
 * Applies the run's ops (creates of new ids, each op and id once) from the first, up to the first op that
 * must go on its own (a project marked latest clears the others); answers their results, in order, or
 * undefined when the write was refused and nothing of the run was kept.
 */
export async function pushCreates(
  ctx: OperationContext,
  run: readonly SyncOp[],
): Promise<SyncFirstResult[] | undefined> {
  const results: SyncFirstResult[] = [];
  const creates: { at: number; op: SyncOp; input: unknown }[] = [];
  for (const op of run) {
    try {
      assertKnownFields("project", op.fields);
      const create = ctx.prepare("projects.create", { params: {}, query: {}, body: op.fields });
      if ((create.input as { isLatest?: boolean }).isLatest) break;
      creates.push({ at: results.length, op, input: create.input });
      results.push({ opId: op.opId, status: "applied", version: 1 });
    } catch (error) {
      const rejected = rejectionOf(op, error);
      if (!rejected) throw error;
      results.push(rejected);
    }
  }
  if (creates.length === 0) return results;
  const trx = ctx.core.db;
  await sql`SAVEPOINT sync_creates`.execute(trx);
  try {
    const items = creates.map(({ op, input }) => ({ input, id: op.entityId, version: 1 }));
    const projects = await createProjects(ctx.core, ctx.actor, items);
    await sql`RELEASE SAVEPOINT sync_creates`.execute(trx);
    for (const [i, { at, op }] of creates.entries()) {
      results[at] = { opId: op.opId, status: "applied", version: projects[i]?.version ?? 1 };
    }
    return results;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT sync_creates`.execute(trx);
    await sql`RELEASE SAVEPOINT sync_creates`.execute(trx);
    if (!rejectionOf(creates[0]?.op as SyncOp, error)) throw error;
    return undefined;
  }
}
