/**
 * `POST /api/sync/push`: the desktop's outbox, applied op by op (docs/design.md §5).
 *
 * The whole push runs in the one serializable transaction the runner opened for it (its registry entry),
 * and each op through `ctx.prepare`/`ctx.run` inside it (sync/apply-op.ts): an op is either applied and
 * recorded in `sync_ops`, or neither, so a replay after a crash (same op ids) applies nothing twice and
 * answers the stored result. A conflict or a rejection is that op's answer and never stops the ops after it.
 */
import { sql } from "kysely";
import type { Db } from "../data/schema.ts";
import { Conflict, Invalid, TooLarge } from "../domain/errors.ts";
import {
  SYNC_MAX_OPS,
  SYNC_MESSAGES,
  SYNC_SCHEMA_VERSION,
  type SyncFirstResult,
  type SyncOp,
  type SyncOpResult,
  type SyncPushAnswer,
  someKeys,
  syncOpSchema,
} from "../domain/sync.ts";
import type { OperationContext } from "../operations/context.ts";
import { type ChangeOrigin, lastChangeSeq, markChangesSince } from "../services/change-log.ts";
import type { UserActor } from "../services/context.ts";
import { requireUser } from "../services/policy.ts";
import { applyOp } from "./apply-op.ts";
import { mayCreate, newProjectIds, pushCreates } from "./push-creates.ts";
import { rejectionOf } from "./push-rejection.ts";
import { pruneSyncLogIfDue } from "./retention.ts";

export interface PushInput {
  clientId: string;
  schemaVersion: number;
  ops: unknown[];
}

interface Stored {
  userId: string;
  result: SyncFirstResult;
}

export async function pushChanges(ctx: OperationContext, input: PushInput): Promise<SyncPushAnswer> {
  const user = requireUser(ctx.actor);
  // The version first: an app speaking another protocol may send ops this server cannot read.
  if (input.schemaVersion < SYNC_SCHEMA_VERSION) throw new Conflict(SYNC_MESSAGES.updateDesktop);
  if (input.schemaVersion > SYNC_SCHEMA_VERSION) throw new Conflict(SYNC_MESSAGES.updateServer);
  if (input.ops.length > SYNC_MAX_OPS) throw new TooLarge(SYNC_MESSAGES.tooManyOps);
  const ops = input.ops.map(readOp);
  await pruneSyncLogIfDue(ctx.core);
  // Replays are answered from one read (in the push's transaction, so no other push commits them meanwhile).
  const stored = await storedResults(
    ctx.core.db,
    ops.map((op) => op.opId),
  );
  const results = await pushPending(ctx, user, input.clientId, ops, stored);
  ctx.core.observe?.syncPushed?.(results.map((result) => result.status));
  return { results };
}

/** A malformed op is the client's bug, not the user's data: the whole push is a 400 naming it. */
function readOp(value: unknown, index: number): SyncOp {
  const result = syncOpSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message =
    issue?.code === "unrecognized_keys" ? `Unknown field: ${someKeys(issue.keys)}.` : (issue?.message ?? "");
  throw new Invalid(`ops[${index}]: ${message}`);
}

function duplicate(op: SyncOp, earlier: Stored, user: UserActor): SyncOpResult {
  if (earlier.userId !== user.id) return { opId: op.opId, status: "rejected", message: SYNC_MESSAGES.opIdTaken };
  return { opId: op.opId, status: "duplicate", original: earlier.result };
}

async function storedResults(db: Db, opIds: string[]): Promise<Map<string, Stored>> {
  const found = new Map<string, Stored>();
  if (opIds.length === 0) return found;
  const rows = await db
    .selectFrom("sync_ops")
    .select(["op_id", "user_id", "result"])
    .where("op_id", "in", opIds)
    .execute();
  for (const row of rows) found.set(row.op_id, { userId: row.user_id, result: JSON.parse(row.result) });
  return found;
}

/** The first results of a push's ops, kept for replays: one statement for the whole push. */
async function storeResults(
  db: Db,
  ctx: OperationContext,
  user: UserActor,
  clientId: string,
  results: SyncFirstResult[],
): Promise<void> {
  if (results.length === 0) return;
  const appliedAt = ctx.core.now().toISOString();
  await db
    .insertInto("sync_ops")
    .values(
      results.map((result) => ({
        op_id: result.opId,
        client_id: clientId,
        user_id: user.id,
        status: result.status,
        result: JSON.stringify(result),
        applied_at: appliedAt,
      })),
    )
    .execute();
}

/**
 * The ops in the order sent: a replay answered from `sync_ops`, the others applied in the push's one
 * transaction (one commit, so a push of hundreds of ops costs one disk sync, not hundreds) with a savepoint
 * per op: a refused op's writes are rolled back to its savepoint and its refusal stored instead. If anything
 * else fails, nothing of the push is kept, and the client's retry applies every op once.
 */
async function pushPending(
  ctx: OperationContext,
  user: UserActor,
  clientId: string,
  ops: SyncOp[],
  stored: Map<string, Stored>,
): Promise<SyncOpResult[]> {
  if (ops.every((op) => stored.has(op.opId)))
    return ops.map((op) => duplicate(op, stored.get(op.opId) as Stored, user));
  const trx = ctx.core.db;
  const firstSeq = await lastChangeSeq(trx);
  const mine = { clientId, pushedAfterSeq: firstSeq };
  // Creates of ids the server has never seen are written a run at a time (push-creates.ts); an id is new
  // only until an op of this push has touched it.
  const newIds = await newProjectIds(
    trx,
    ops.filter((op) => !stored.has(op.opId)),
  );
  const firsts = new Map<string, SyncFirstResult>();
  const results: SyncOpResult[] = [];
  const applyFirst = (op: SyncOp, result: SyncFirstResult) => {
    newIds.delete(op.entityId);
    firsts.set(op.opId, result);
    results.push(result);
  };
  for (let i = 0; i < ops.length; ) {
    const op = ops[i] as SyncOp;
    const earlier = stored.get(op.opId);
    const sameOpBefore = firsts.get(op.opId);
    if (earlier) results.push(duplicate(op, earlier, user));
    else if (sameOpBefore) results.push({ opId: op.opId, status: "duplicate", original: sameOpBefore });
    else {
      const run = createRun(ops, i, newIds, stored);
      const written = run.length > 1 ? await pushCreates(ctx, run) : undefined;
      // On its own: any op but a run of new projects, the op a run stopped at, or every op of a run whose
      // write was refused (each then answered as it would have been alone).
      const alone = written === undefined && run.length > 1 ? run : written?.length ? [] : [op];
      for (const [k, result] of (written ?? []).entries()) applyFirst(run[k] as SyncOp, result);
      for (const each of alone) applyFirst(each, await pushOne(ctx, mine, each));
      i += (written?.length ?? 0) + alone.length;
      continue;
    }
    i++;
  }
  // The push's own changes are marked, and its results kept, once for all its ops.
  await markChangesSince(trx, firstSeq, clientId);
  await storeResults(trx, ctx, user, clientId, [...firsts.values()]);
  return results;
}

/**
 * The ops from `start` that create a new project, in a row: each op id and each project id once, none
 * answered before (a replay).
 */
function createRun(
  ops: readonly SyncOp[],
  start: number,
  newIds: ReadonlySet<string>,
  stored: ReadonlyMap<string, Stored>,
) {
  const run: SyncOp[] = [];
  const opIds = new Set<string>();
  const ids = new Set<string>();
  for (let i = start; i < ops.length; i++) {
    const op = ops[i] as SyncOp;
    if (!mayCreate(op) || !newIds.has(op.entityId) || stored.has(op.opId)) break;
    if (opIds.has(op.opId) || ids.has(op.entityId)) break;
    opIds.add(op.opId);
    ids.add(op.entityId);
    run.push(op);
  }
  return run;
}

async function pushOne(ctx: OperationContext, mine: ChangeOrigin, op: SyncOp): Promise<SyncFirstResult> {
  const trx = ctx.core.db;
  await sql`SAVEPOINT sync_op`.execute(trx);
  try {
    const result = await applyOp({ ctx, mine }, op);
    await sql`RELEASE SAVEPOINT sync_op`.execute(trx);
    return result;
  } catch (error) {
    // Undo whatever the op wrote before it was refused (a service may throw after its first write).
    await sql`ROLLBACK TO SAVEPOINT sync_op`.execute(trx);
    await sql`RELEASE SAVEPOINT sync_op`.execute(trx);
    const rejected = rejectionOf(op, error);
    if (!rejected) throw error;
    return rejected;
  }
}
