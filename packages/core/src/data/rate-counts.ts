/**
 * Counts in fixed windows, kept in the `rate_limits` table and shared by every instance on the database: the
 * HTTP rate limits (the server's store) and the account-wide count of second-factor answers both use them.
 *
 * A hit is one atomic upsert (INSERT ... ON CONFLICT DO UPDATE ... RETURNING, which both dialects speak), so
 * concurrent hits on several instances never lose a count, and the count a caller reads back already holds
 * its own hit: increment, then check. The first hit opens a window of `windowMs`; a hit after `reset_at`
 * starts anew. Keys are stored as their SHA-256 (they may carry what a client sent: a name, an address, a NUL
 * byte PostgreSQL text cannot hold). Ended windows are dead rows that housekeeping removes.
 */
import { createHash } from "node:crypto";
import type { Db } from "./schema.ts";

/** The stored form of a counter's key. */
export function storedRateKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

export interface WindowCount {
  hits: number;
  resetAt: Date;
}

/** Counts one hit for `key` of `limiter` and answers the window's count with it. */
export async function countHit(db: Db, limiter: string, key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
  const now = new Date(nowMs).toISOString();
  const resetAt = new Date(nowMs + windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ limiter, key: storedRateKey(key), hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.columns(["limiter", "key"]).doUpdateSet((eb) => ({
        // Both SET expressions read the row as it was, so an expired window restarts at one hit.
        hits: eb.case().when("rate_limits.reset_at", "<=", now).then(1).else(eb("rate_limits.hits", "+", 1)).end(),
        reset_at: eb
          .case()
          .when("rate_limits.reset_at", "<=", now)
          .then(resetAt)
          .else(eb.ref("rate_limits.reset_at"))
          .end(),
      })),
    )
    .returning(["hits", "reset_at"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: new Date(row.reset_at) };
}

/** Gives one hit back within the current window (a request that turned out not to count). */
export async function takeBackHit(db: Db, limiter: string, key: string, nowMs: number): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("limiter", "=", limiter)
    .where("key", "=", storedRateKey(key))
    .where("hits", ">", 0)
    .where("reset_at", ">", new Date(nowMs).toISOString())
    .execute();
}
