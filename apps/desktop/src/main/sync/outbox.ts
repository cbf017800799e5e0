/**
 * The local outbox (docs/design.md §5): the ops the trigger in local-schema.ts wrote with each local change, in
 * push order. An op is 'pending' until the server answers it; a conflict or rejection moves it to
 * 'attention' with the server's answer, where it stays until the owner decides: nothing leaves the
 * outbox but through an applied answer or the owner's own choice.
 */
import type { SyncConflict, SyncEntity, SyncOp, SyncRejected } from "@portfolio/core/domain";
import type { Kysely, Selectable } from "kysely";
import type { LocalDatabase, OutboxTable } from "./local-schema.ts";

export type LocalDb = Kysely<LocalDatabase>;

export type AttentionResult = SyncConflict | SyncRejected;

export interface OutboxEntry {
  seq: number;
  op: SyncOp;
  state: "pending" | "attention";
  result: AttentionResult | null;
}

function toEntry(row: Selectable<OutboxTable>): OutboxEntry {
  return {
    seq: row.seq,
    op: {
      opId: row.op_id,
      entity: row.entity as SyncEntity,
      entityId: row.entity_id,
      kind: row.kind as SyncOp["kind"],
      fields: JSON.parse(row.fields) as Record<string, unknown>,
      baseVersion: row.base_version,
      at: row.at,
    },
    state: row.state === "attention" ? "attention" : "pending",
    result: row.result === null ? null : (JSON.parse(row.result) as AttentionResult),
  };
}

/** The next ops to push, oldest first (after `afterSeq`: those before it were held back). */
export async function pendingOps(db: LocalDb, limit: number, afterSeq = 0): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom("desktop_outbox")
    .selectAll()
    .where("state", "=", "pending")
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

export async function attentionOps(db: LocalDb): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom("desktop_outbox")
    .selectAll()
    .where("state", "=", "attention")
    .orderBy("seq")
    .execute();
  return rows.map(toEntry);
}

export async function findOp(db: LocalDb, opId: string): Promise<OutboxEntry | undefined> {
  const row = await db.selectFrom("desktop_outbox").selectAll().where("op_id", "=", opId).executeTakeFirst();
  return row && toEntry(row);
}

export async function outboxCounts(db: LocalDb): Promise<{ pending: number; attention: number }> {
  const rows = await db
    .selectFrom("desktop_outbox")
    .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("state")
    .execute();
  const count = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  return { pending: count("pending"), attention: count("attention") };
}

/** Entities with any change not yet synced (waiting or needing attention): the per-row badge. */
export async function unsyncedEntityIds(db: LocalDb): Promise<string[]> {
  const rows = await db.selectFrom("desktop_outbox").select("entity_id").distinct().orderBy("entity_id").execute();
  return rows.map((row) => row.entity_id);
}

/** What the outbox still holds for one entity (other than `exceptOpId`): pulled rows must not overwrite it. */
export async function waitingOn(
  db: LocalDb,
  entity: SyncEntity,
  entityId: string,
  exceptOpId?: string,
): Promise<{ any: boolean; fields: Set<string> }> {
  let query = db
    .selectFrom("desktop_outbox")
    .select(["fields", "kind"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId);
  if (exceptOpId) query = query.where("op_id", "!=", exceptOpId);
  const rows = await query.execute();
  const fields = new Set<string>();
  for (const row of rows) for (const field of Object.keys(JSON.parse(row.fields) as object)) fields.add(field);
  return { any: rows.length > 0, fields };
}

/** Every entity with something waiting, each with its waiting fields: one read for a whole pull page. */
export async function waitingByEntity(db: LocalDb): Promise<Map<string, Set<string>>> {
  const rows = await db.selectFrom("desktop_outbox").select(["entity", "entity_id", "fields"]).execute();
  const waiting = new Map<string, Set<string>>();
  for (const row of rows) {
    const key = entityKey(row.entity, row.entity_id);
    const fields = waiting.get(key) ?? new Set<string>();
    for (const field of Object.keys(JSON.parse(row.fields) as object)) fields.add(field);
    waiting.set(key, fields);
  }
  return waiting;
}

export const entityKey = (entity: string, entityId: string) => `${entity}:${entityId}`;

export async function dropOp(db: LocalDb, opId: string): Promise<void> {
  await db.deleteFrom("desktop_outbox").where("op_id", "=", opId).execute();
}

export async function dropEntityOps(db: LocalDb, entity: SyncEntity, entityId: string): Promise<void> {
  await db.deleteFrom("desktop_outbox").where("entity", "=", entity).where("entity_id", "=", entityId).execute();
}

export async function markAttention(db: LocalDb, opId: string, result: AttentionResult): Promise<void> {
  await db
    .updateTable("desktop_outbox")
    .set({ state: "attention", result: JSON.stringify(result) })
    .where("op_id", "=", opId)
    .execute();
}

/** Appends an op the desktop itself decided on ('Keep mine'), at the end of the queue. */
export async function appendOp(db: LocalDb, op: SyncOp): Promise<void> {
  await db
    .insertInto("desktop_outbox")
    .values({
      op_id: op.opId,
      entity: op.entity,
      entity_id: op.entityId,
      kind: op.kind,
      fields: JSON.stringify(op.fields),
      base_version: op.baseVersion,
      at: op.at,
      state: "pending",
      result: null,
    })
    .execute();
}
