/**
 * One page of the Users tab: the database sorts by (rank, username_key) through the index
 * `users_rank_username` and continues after a cursor (keyset paging, never an offset), so a page costs the
 * same at 100 users as at 100,000. Search and filters use the normalised keys and their indexes.
 */
import type { Db, UserRow } from "../data/schema.ts";
import { Invalid } from "../domain/errors.ts";
import { RANK_ROLES } from "../domain/roles.ts";
import { USERS_PAGE_DEFAULT, type UsersCursor, type UsersQuery } from "../domain/users-query.ts";
import { readUserCounts, type UserState } from "./user-counts.table.ts";
import { userKey } from "./users.table.ts";

const BAD_CURSOR = "cursor is not valid: pass the next of the previous page.";

export function encodeUsersCursor(cursor: UsersCursor): string {
  return Buffer.from(JSON.stringify([cursor.rank, cursor.key])).toString("base64url");
}

export function decodeUsersCursor(text: string): UsersCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === "string") {
      return { rank: value[0] as number, key: value[1] as string };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new Invalid(BAD_CURSOR);
}

/** The smallest text greater than every text starting with `prefix` (in code unit order). */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** Every user, in the list's order (the spec's answer without paging parameters). */
export function allUserRows(db: Db): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("rank").orderBy("username_key").execute();
}

export async function userRowsPage(db: Db, query: UsersQuery): Promise<{ rows: UserRow[]; next: string | null }> {
  const limit = query.limit ?? USERS_PAGE_DEFAULT;
  let select = db.selectFrom("users").selectAll();
  if (query.q !== undefined) {
    const from = userKey(query.q);
    const to = prefixEnd(from);
    select = select.where((eb) =>
      eb.or([
        eb.and([eb("username_key", ">=", from), eb("username_key", "<", to)]),
        eb.and([eb("email_key", ">=", from), eb("email_key", "<", to)]),
      ]),
    );
  }
  if (query.role === "custom") select = select.where("role_key", "is", null).where("rank", "!=", 0);
  else if (query.role !== undefined) select = select.where("rank", "=", RANK_ROLES.indexOf(query.role));
  if (query.status === "active") select = select.where("is_active", "=", 1);
  if (query.status === "inactive") select = select.where("is_active", "=", 0).where("deactivated_at", "is", null);
  if (query.status === "deactivated") select = select.where("deactivated_at", "is not", null);
  if (query.cursor !== undefined) {
    const after = decodeUsersCursor(query.cursor);
    select = select.where((eb) => eb(eb.refTuple("rank", "username_key"), ">", eb.tuple(after.rank, after.key)));
  }
  const rows = await select
    .orderBy("rank")
    .orderBy("username_key")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? encodeUsersCursor({ rank: last.rank, key: last.username_key }) : null,
  };
}

const STATES: Record<NonNullable<UsersQuery["status"]>, readonly UserState[]> = {
  active: ["active"],
  inactive: ["pending", "inactive"],
  deactivated: ["deactivated"],
};

/** How many users match a role and status filter, from the counters; undefined where they cannot tell. */
export async function filteredTotal(db: Db, query: UsersQuery): Promise<number | undefined> {
  if (query.q !== undefined || query.role === "custom") return undefined;
  const rank = query.role === undefined ? undefined : RANK_ROLES.indexOf(query.role);
  const states = query.status === undefined ? undefined : STATES[query.status];
  let total = 0;
  for (const row of await readUserCounts(db)) {
    if ((rank === undefined || row.rank === rank) && (states === undefined || states.includes(row.state)))
      total += row.count;
  }
  return total;
}
