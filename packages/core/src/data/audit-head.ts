/**
 * The audit chain's head as the data says it: the newest chained entry, or, once pruning removed every
 * entry, the checkpoint's (the last entry removed). A new entry chains onto its hash; backups print it.
 *
 * SQLite's writers read it here: one writer at a time holds the database's write lock, so the newest entry
 * cannot change under them, and a head row moved on every append would cost each commit a page of its own
 * (bench:history). PostgreSQL's writers lock the `head` row of audit_chain instead, which carries the same
 * hash (moved by the audit_log_move_head trigger), so that a writer that waited for the lock reads what its
 * predecessor committed; a restore puts that row on the head the rows say (`placeHeadRow`).
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The head's hash as one SQL expression, for a statement that reads it while it writes (null: an empty chain). */
// biome-ignore lint/suspicious/noExplicitAny: usable from any table's statement.
export function newestChainedHash(eb: ExpressionBuilder<Database, any>) {
  return eb.fn.coalesce(
    eb.selectFrom("audit_log").select("hash").where("hash", "is not", null).orderBy("seq", "desc").limit(1),
    eb.selectFrom("audit_chain").select("hash").where("name", "=", "checkpoint"),
  );
}

export interface ChainHeadRow {
  seq: number;
  entry_id: string;
  hash: string;
}

/** The head with its entry: the newest chained entry, else the checkpoint's, else none (an empty chain). */
export async function newestChainedEntry(db: Kysely<Database>): Promise<ChainHeadRow | undefined> {
  const entry = await db
    .selectFrom("audit_log")
    .select(["seq", "id", "hash"])
    .where("hash", "is not", null)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (entry?.hash) return { seq: Number(entry.seq), entry_id: entry.id, hash: entry.hash };
  const checkpoint = await db
    .selectFrom("audit_chain")
    .select(["seq", "entry_id", "hash"])
    .where("name", "=", "checkpoint")
    .executeTakeFirst();
  return checkpoint?.entry_id && checkpoint.hash
    ? { seq: Number(checkpoint.seq), entry_id: checkpoint.entry_id, hash: checkpoint.hash }
    : undefined;
}

/**
 * Puts PostgreSQL's head row on the head the entries say, after a restore: a backup's own head row may be
 * missing or behind (a SQLite database never moves it), and PostgreSQL's writers chain onto that row.
 */
export async function placeHeadRow(trx: Kysely<Database>): Promise<void> {
  const head = await newestChainedEntry(trx);
  if (!head) return;
  await trx
    .insertInto("audit_chain")
    .values({ name: "head", mac: null, ...head })
    .onConflict((oc) => oc.column("name").doUpdateSet(head))
    .execute();
}
