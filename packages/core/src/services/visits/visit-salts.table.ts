/**
 * The daily salt of the visitor hash (docs/design.md section 10): made at random the first time a UTC day
 * needs it, by whichever instance comes first (insert-or-ignore, then read: every instance hashes with the
 * same salt), and deleted once its day is over (ten minutes into the next), together with the day's visitor
 * hashes, so no hash can be recomputed or matched against another day's.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../../data/schema.ts";

/** The salt of `day` (YYYY-MM-DD), made now if no instance made it yet. */
export async function daySalt(db: Db, day: string): Promise<string> {
  await db
    .insertInto("visit_salts")
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("visit_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * A day's salt and hashes stay this long into the next day: another instance may still be writing the last
 * batch of the day before (a write every VISITS_FLUSH_MS, at most a minute), and a hash deleted under it would
 * count its visitors again.
 */
export const DAY_OVER_GRACE_MS = 10 * 60 * 1000;

/** The first day whose salt is still kept at `now`: every earlier day is over (past the grace). */
export function firstKeptDay(now: Date): string {
  return new Date(now.getTime() - DAY_OVER_GRACE_MS).toISOString().slice(0, 10);
}

/**
 * Deletes the salts and visitor hashes of every day before `firstKept`, and hashes seen live before
 * `liveSince`. Answers how many salts went.
 */
export async function forgetPastDays(db: Db, firstKept: string, liveSince: string): Promise<number> {
  const salts = await db.deleteFrom("visit_salts").where("day", "<", firstKept).executeTakeFirst();
  await db.deleteFrom("visit_visitors").where("day", "<", firstKept).execute();
  await db.deleteFrom("visit_live").where("seen_at", "<", liveSince).execute();
  return Number(salts.numDeletedRows);
}
