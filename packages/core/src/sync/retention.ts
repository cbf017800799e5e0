/**
 * The sync tables do not grow forever (docs/security.md, promise 27): replay records (`sync_ops`) and change-log entries
 * (`sync_changes`) older than the longest a desktop may stay offline (`syncRetentionMs`,
 * SYNC_RETENTION_DAYS) are pruned.
 *
 * - A replay record older than that answers no desktop any more: a desktop offline longer has had its
 *   device token expire, and an op it replays after signing in again meets the conflict check instead.
 * - The change log keeps each entity's newest entry, whatever its age: it carries a deleted project's
 *   tombstone (an edit of it is a 'deleted on the server' conflict, not a silent re-creation) and the
 *   version a restored project continues from. Every older entry past the limit goes.
 * - The highest pruned sequence number is kept (`sync_log_pruned_seq`): a pull whose cursor lies before it
 *   may have missed a pruned change, so it answers the full snapshot flagged `reset: true`.
 *
 * Pruning runs on push and pull, at most once per PRUNE_INTERVAL_MS across every instance sharing the
 * database (the instance that moves `sync_pruned_at` forward does it).
 */
import type { Db } from "../data/schema.ts";
import type { Core } from "../services/context.ts";

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

const PRUNED_AT_KEY = "sync_pruned_at";
const PRUNED_SEQ_KEY = "sync_log_pruned_seq";

export interface PruneResult {
  ops: number;
  changes: number;
}

/**
 * Deletes replay records and change-log entries from before `cutoff`. Run inside the caller's transaction (a
 * push's or a pull's, opened by the runner), so the pruned sequence number moves with the deletions.
 */
export async function pruneSyncLog(trx: Db, cutoff: Date): Promise<PruneResult> {
  const before = cutoff.toISOString();
  const ops = await trx.deleteFrom("sync_ops").where("applied_at", "<", before).executeTakeFirst();
  const newestPerEntity = trx
    .selectFrom("sync_changes")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .groupBy(["entity", "entity_id"]);
  const doomed = await trx
    .selectFrom("sync_changes")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("at", "<", before)
    .where("seq", "not in", newestPerEntity)
    .executeTakeFirst();
  if (doomed?.seq == null) return { ops: Number(ops.numDeletedRows), changes: 0 };
  const changes = await trx
    .deleteFrom("sync_changes")
    .where("at", "<", before)
    .where("seq", "not in", newestPerEntity)
    .executeTakeFirst();
  const highest = Math.max(Number(doomed.seq), await prunedChangeSeq(trx));
  await trx
    .insertInto("settings")
    .values({ key: PRUNED_SEQ_KEY, value: String(highest) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(highest) }))
    .execute();
  return { ops: Number(ops.numDeletedRows), changes: Number(changes.numDeletedRows) };
}

/** The highest change-log sequence number ever pruned (0 before the first prune). */
export async function prunedChangeSeq(db: Db): Promise<number> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", PRUNED_SEQ_KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Prunes when the last prune (by any instance) is at least PRUNE_INTERVAL_MS old; one read otherwise. */
export async function pruneSyncLogIfDue(core: Core): Promise<PruneResult | undefined> {
  const now = core.now();
  const last = await core.db.selectFrom("settings").select("value").where("key", "=", PRUNED_AT_KEY).executeTakeFirst();
  if (last && now.getTime() - Date.parse(JSON.parse(last.value) as string) < PRUNE_INTERVAL_MS) return undefined;
  if (!(await claimPrune(core.db, last?.value, JSON.stringify(now.toISOString())))) return undefined;
  return pruneSyncLog(core.db, new Date(now.getTime() - core.config.syncRetentionMs));
}

/** Moves `sync_pruned_at` from the value read to `now` (JSON, as settings hold); false when another instance did first. */
async function claimPrune(db: Db, seen: string | undefined, now: string): Promise<boolean> {
  if (seen === undefined) {
    const inserted = await db
      .insertInto("settings")
      .values({ key: PRUNED_AT_KEY, value: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await db
    .updateTable("settings")
    .set({ value: now })
    .where("key", "=", PRUNED_AT_KEY)
    .where("value", "=", seen)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
