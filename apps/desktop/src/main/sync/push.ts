/**
 * Pushes the outbox in order, in batches of at most SYNC_MAX_OPS, and files each answer in one local
 * transaction per batch: applied (or a replay of an applied op) drops the op and records the server's
 * new version; a conflict or rejection moves the op to 'Needs attention' and never stops the ops after
 * it. A push that fails as a whole (network, 5xx, 401) throws and leaves the outbox as it was: the
 * same ops, with the same op ids, go again, and the server answers those it already applied as
 * duplicates, so nothing is applied twice, even after a crash between the server's answer and the
 * local commit. Ops that name a picture not uploaded yet are held back with every later op on their entity
 * (upload-pictures.ts), and go at a later sync.
 */
import {
  SYNC_MAX_OPS,
  SYNC_SCHEMA_VERSION,
  type SyncFirstResult,
  type SyncOpResult,
  type SyncPushAnswer,
} from "@portfolio/core/domain";
import type { Transport } from "@portfolio/core/operations/client";
import {
  dropOp,
  entityKey,
  type LocalDb,
  markAttention,
  type OutboxEntry,
  outboxCounts,
  pendingOps,
} from "./outbox.ts";
import { recordServerState, serverState } from "./server-state.ts";

export interface PushProgress {
  done: number;
  total: number;
}

export async function pushOutbox(options: {
  db: LocalDb;
  server: Transport;
  clientId: string;
  onProgress: (progress: PushProgress) => void;
  /** Pictures added here and not on the server yet (upload-pictures.ts): the ops naming them wait. */
  held?: ReadonlySet<string>;
  /** Ops already pushed in this sync (by an attempt that failed after them). */
  done?: number;
  batchSize?: number;
}): Promise<void> {
  const { db, server, clientId } = options;
  const batchSize = Math.min(options.batchSize ?? SYNC_MAX_OPS, SYNC_MAX_OPS);
  let done = options.done ?? 0;
  let total = done + (await outboxCounts(db)).pending;
  options.onProgress({ done, total });
  const holds = holdBack(options.held ?? new Set());
  let after = 0;
  for (;;) {
    const next = await pendingOps(db, batchSize, after);
    if (next.length === 0) return;
    after = next.at(-1)?.seq ?? after;
    const batch = next.filter((entry) => !holds(entry));
    if (batch.length === 0) continue;
    const answer: SyncPushAnswer = await server.call("sync.push", {
      clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      ops: batch.map((entry) => entry.op),
    });
    if (!Array.isArray(answer?.results) || answer.results.length !== batch.length) {
      throw new Error(`The server answered ${answer?.results?.length ?? "no"} results to a push of ${batch.length}.`);
    }
    await db.transaction().execute(async (trx) => {
      for (const [index, entry] of batch.entries()) await fileResult(trx, entry, answer.results[index] as SyncOpResult);
    });
    done += batch.length;
    // Changes made while pushing join the total.
    total = done + (await outboxCounts(db)).pending;
    options.onProgress({ done, total });
  }
}

/**
 * Whether an op waits for a later sync: it names a picture the server does not have yet (it would be
 * refused), or an earlier op on the same entity waits (ops on one entity go in order, never past each other).
 */
function holdBack(held: ReadonlySet<string>): (entry: OutboxEntry) => boolean {
  const waiting = new Set<string>();
  return (entry) => {
    const key = entityKey(entry.op.entity, entry.op.entityId);
    const pictures = entry.op.fields.pictures;
    const namesHeld =
      held.size > 0 && Array.isArray(pictures) && pictures.some((p: { hash?: unknown }) => held.has(String(p?.hash)));
    if (!waiting.has(key) && !namesHeld) return false;
    waiting.add(key);
    return true;
  };
}

async function fileResult(db: LocalDb, entry: OutboxEntry, answered: SyncOpResult): Promise<void> {
  const result: SyncFirstResult = answered.status === "duplicate" ? answered.original : answered;
  if (result.opId !== entry.op.opId && answered.opId !== entry.op.opId) {
    throw new Error("The server answered a push out of order.");
  }
  if (result.status !== "applied") {
    await markAttention(db, entry.op.opId, { ...result, opId: entry.op.opId });
    return;
  }
  await dropOp(db, entry.op.opId);
  const { op } = entry;
  const known = await serverState(db, op.entity, op.entityId);
  // An older answer (a replay after a pull saw newer versions) teaches nothing new.
  if (known && known.version > result.version) return;
  const row = op.kind === "delete" ? null : { ...(known?.row ?? {}), ...op.fields };
  await recordServerState(db, op.entity, op.entityId, { version: result.version, row });
}
