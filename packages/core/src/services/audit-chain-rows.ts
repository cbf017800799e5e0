/**
 * How verification reads the audit log: in seq order, a batch at a time, each entry as one array
 * whose first nine values are its canonical form's in that form's order (`canonicalEntry`: the chained
 * columns, then prev_hash), followed by its hash and seq. Hashing `JSON.stringify` of those nine is then
 * hashing the canonical form itself, with no object per entry.
 *
 * On SQLite the batch is read by one prepared statement on the raw handle, as arrays (bench:history: the
 * query builder's objects and a statement prepared per batch were most of verification's time); on
 * PostgreSQL through the query builder.
 */
import { sqliteHandleOf } from "../data/database.ts";
import type { Db } from "../data/schema.ts";

/** [id, at, actor_id, actor_name, action, target_type, target_id, details, prev_hash, hash, seq]. */
export type ChainRow = (string | number | null)[];

const COLUMNS = [
  "id",
  "at",
  "actor_id",
  "actor_name",
  "action",
  "target_type",
  "target_id",
  "details",
  "prev_hash",
  "hash",
  "seq",
] as const;

/** Reads the (at most) `batch` entries after `afterSeq`, oldest first. */
export type ChainRowReader = (afterSeq: number) => Promise<ChainRow[]>;

export function chainRowReader(db: Db, batch: number): ChainRowReader {
  const sqlite = db.isTransaction ? undefined : sqliteHandleOf(db);
  if (sqlite) {
    const statement = sqlite
      .prepare(`SELECT ${COLUMNS.join(", ")} FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?`)
      .raw(true);
    // Through Kysely's hold on the one connection: no transaction of another request is open on it meanwhile.
    return (afterSeq) => db.connection().execute(async () => statement.all(afterSeq, batch) as ChainRow[]);
  }
  return async (afterSeq) => {
    const rows = await db
      .selectFrom("audit_log")
      .select(COLUMNS)
      .where("seq", ">", afterSeq)
      .orderBy("seq")
      .limit(batch)
      .execute();
    return rows.map((r) => [
      r.id,
      r.at,
      r.actor_id,
      r.actor_name,
      r.action,
      r.target_type,
      r.target_id,
      r.details,
      r.prev_hash,
      r.hash,
      Number(r.seq),
    ]);
  };
}
