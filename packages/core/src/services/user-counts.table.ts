/**
 * The dashboard's user counts: one row per (rank, state), moved by users.table.ts in the same
 * transaction as the change it counts, so the dashboard reads a handful of rows instead of every user.
 */
import { sql } from "kysely";
import { toCount } from "../data/dialect.ts";
import type { Db, UserCountsTable, UserRow } from "../data/schema.ts";

export type UserState = UserCountsTable["state"];
export type CountedUser = Pick<UserRow, "rank" | "is_active" | "activated_at" | "deactivated_at">;

/** Active; deactivated by staff; a sign-up never activated (pending); else inactive (older rows). */
export function userState(row: Pick<UserRow, "is_active" | "activated_at" | "deactivated_at">): UserState {
  if (row.is_active === 1) return "active";
  if (row.deactivated_at !== null) return "deactivated";
  return row.activated_at === null ? "pending" : "inactive";
}

/** Adds `delta` users to (rank, state); a row appears at its first user. */
export async function addToUserCount(db: Db, rank: number, state: UserState, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .insertInto("user_counts")
    .values({ rank, state, count: delta })
    .onConflict((oc) => oc.columns(["rank", "state"]).doUpdateSet({ count: sql`user_counts.count + ${delta}` }))
    .execute();
}

/** Moves one user from where `before` counted them to where `after` does (nothing when both agree). */
export async function moveUserCount(db: Db, before: CountedUser | undefined, after: CountedUser | undefined) {
  const from = before ? { rank: before.rank, state: userState(before) } : undefined;
  const to = after ? { rank: after.rank, state: userState(after) } : undefined;
  if (from && to && from.rank === to.rank && from.state === to.state) return;
  if (from) await addToUserCount(db, from.rank, from.state, -1);
  if (to) await addToUserCount(db, to.rank, to.state, 1);
}

export async function readUserCounts(db: Db): Promise<Array<{ rank: number; state: UserState; count: number }>> {
  const rows = await db.selectFrom("user_counts").selectAll().execute();
  return rows.map((r) => ({ rank: Number(r.rank), state: r.state, count: toCount(r.count) }));
}
