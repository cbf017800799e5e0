/**
 * The daily salt of the visitor hash (docs/design.md section 10): made at random the first time a UTC day
 * needs it, by whichever instance comes first (insert-or-ignore, then read: every instance hashes with the
 * same salt), and deleted once its day is over, together with the day's visitor hashes, so no hash can be
 * recomputed or matched against another day's.
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
 * Deletes the salts and visitor hashes of every day before `today`, and hashes seen live before `liveSince`.
 * Answers how many salts went.
 */
export async function forgetPastDays(db: Db, today: string, liveSince: string): Promise<number> {
  const salts = await db.deleteFrom("visit_salts").where("day", "<", today).executeTakeFirst();
  await db.deleteFrom("visit_visitors").where("day", "<", today).execute();
  await db.deleteFrom("visit_live").where("seen_at", "<", liveSince).execute();
  return Number(salts.numDeletedRows);
}
