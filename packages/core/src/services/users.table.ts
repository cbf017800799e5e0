/**
 * The users feature's table: every read and write of the `users` table goes through here (the session and
 * device-token lookups only join it to read who is calling), and the shapes answered to clients never carry
 * the password hash.
 */
import type { Insertable } from "kysely";
import { toCount } from "../data/dialect.ts";
import type { Db, UserRow, UsersTable } from "../data/schema.ts";
import type { AdminUser, SessionUser } from "../domain/api-types.ts";
import { NotFound } from "../domain/errors.ts";
import { ROLE_KEYS, type RoleKey } from "../domain/roles.ts";
import { countDaily } from "./daily-counts.table.ts";
import { addToUserCount, type CountedUser, moveUserCount, userState } from "./user-counts.table.ts";

export function parsePermissions(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : [];
}

export function toSessionUser(row: Pick<UserRow, "id" | "username" | "permissions">): SessionUser {
  return { _id: row.id, username: row.username, permissions: parsePermissions(row.permissions) };
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    permissions: parsePermissions(row.permissions),
    roleKey: isRoleKey(row.role_key) ? row.role_key : null,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    ...(row.pending_email !== null ? { pendingEmail: row.pending_email } : {}),
    ...(isInvitationPending(row) ? { invitationPending: true } : {}),
    ...(isDeactivated(row) ? { deactivated: true } : {}),
  };
}

/** Invited by staff and not yet accepted: inactive, never activated, not deactivated. */
export function isInvitationPending(
  row: Pick<UserRow, "invited_at" | "is_active" | "activated_at" | "deactivated_at">,
) {
  return row.invited_at !== null && isAwaitingActivation(row);
}

function isRoleKey(value: string | null): value is RoleKey {
  return (ROLE_KEYS as readonly (string | null)[]).includes(value);
}

/** Usernames and e-mail addresses are unique without regard to case, through these normalised keys. */
export const userKey = (value: string) => value.trim().toLowerCase();

// ---- Reads ----

export async function findUserById(db: Db, id: string): Promise<UserRow> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("User not found.");
  return row;
}

/** The account a login names, by username or e-mail address. */
export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const key = userKey(login);
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb("username_key", "=", key), eb("email_key", "=", key)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "username", "email", "is_active", "activated_at", "deactivated_at", "invited_at"])
    .where("email_key", "=", userKey(email))
    .executeTakeFirst();
}

/** Accounts holding this username or this e-mail address (what a sign-up would collide with). */
export function findUsersByNameOrEmail(db: Db, username: string, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "username", "username_key", "email_key"])
    .where((eb) => eb.or([eb("username_key", "=", userKey(username)), eb("email_key", "=", userKey(email))]))
    .execute();
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("username_key", "=", userKey(username))
    .executeTakeFirst();
  return row !== undefined;
}

export async function anyUserExists(db: Db): Promise<boolean> {
  return (await db.selectFrom("users").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Sign-ups waiting for activation: inactive, never activated and not deactivated by staff. */
export function isAwaitingActivation(row: Pick<UserRow, "is_active" | "activated_at" | "deactivated_at">): boolean {
  return row.is_active !== 1 && row.activated_at === null && row.deactivated_at === null;
}

/** Deactivated by staff: no e-mailed link, earlier token or login brings the account back (docs/security.md, promise 33). */
export function isDeactivated(row: Pick<UserRow, "deactivated_at">): boolean {
  return row.deactivated_at !== null;
}

/** The newest sign-ups awaiting activation (index `users_active_created_at`: inactive rows, newest first). */
export function newestAwaitingActivation(db: Db, limit: number) {
  return db
    .selectFrom("users")
    .select(["id", "username", "email", "permissions", "created_at"])
    .where("is_active", "=", 0)
    .where("activated_at", "is", null)
    .where("deactivated_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** The usernames of a role's members (users saved with exactly that role), in name order. */
export function roleMembers(db: Db, roleKey: RoleKey): Promise<Array<{ id: string; username: string }>> {
  return db
    .selectFrom("users")
    .select(["id", "username"])
    .where("role_key", "=", roleKey)
    .orderBy("username_key")
    .execute();
}

// ---- Writes ----
// Each write keeps `user_counts` (the dashboard's counts) in step, in the caller's transaction: it reads the
// user's counted fields before and after, and moves the count when they differ.

function countedFields(db: Db, id: string): Promise<CountedUser | undefined> {
  return db
    .selectFrom("users")
    .select(["rank", "is_active", "activated_at", "deactivated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

type NewUser = Omit<Insertable<UsersTable>, "username_key" | "email_key"> & { rank: number };

/** A new account; the normalised keys are derived here so no caller can forget them. */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await insertUsers(db, [user]);
}

/** Rows per INSERT: 13 columns each, well under both dialects' bound-parameter limits. */
const INSERT_CHUNK = 500;

/**
 * New accounts in multi-row INSERTs (imports, benchmarks), counted in `user_counts` once per (rank, state).
 * Call it inside a transaction when the rows must appear together.
 */
export async function insertUsers(db: Db, users: readonly NewUser[]): Promise<void> {
  for (let i = 0; i < users.length; i += INSERT_CHUNK) {
    const rows = users
      .slice(i, i + INSERT_CHUNK)
      .map((user) => ({ ...user, username_key: userKey(user.username), email_key: userKey(user.email) }));
    await db.insertInto("users").values(rows).execute();
  }
  const groups = new Map<string, { rank: number; state: ReturnType<typeof userState>; n: number }>();
  for (const user of users) {
    const state = userState({
      is_active: user.is_active,
      activated_at: user.activated_at ?? null,
      deactivated_at: user.deactivated_at ?? null,
    });
    const group = groups.get(`${user.rank}:${state}`) ?? { rank: user.rank, state, n: 0 };
    group.n++;
    groups.set(`${user.rank}:${state}`, group);
  }
  for (const group of groups.values()) await addToUserCount(db, group.rank, group.state, group.n);
}

/**
 * Activating (by the e-mailed link or by staff) records the first activation's time and ends a deactivation:
 * the account is active again. Callers decide who may do it (a link never reactivates a deactivated account).
 * The first activation counts in the day's activations.
 */
export async function activateUser(db: Db, id: string, at: string): Promise<void> {
  const before = await countedFields(db, id);
  await db
    .updateTable("users")
    .set((eb) => ({
      is_active: 1,
      updated_at: at,
      activated_at: eb.fn.coalesce("activated_at", eb.val(at)),
      deactivated_at: null,
    }))
    .where("id", "=", id)
    .execute();
  await moveUserCount(db, before, await countedFields(db, id));
  if (before && before.activated_at === null) await countDaily(db, "activations", new Date(at));
}

/**
 * Deactivation by staff (docs/security.md, promise 33): a state of its own, dated, apart from 'never activated'. The first
 * activation's time is kept (deactivated, not pending), and so is the first deactivation's.
 */
export async function deactivateUser(db: Db, id: string, at: string): Promise<void> {
  const before = await countedFields(db, id);
  // An active account with no date (written by a path that predates the column) was activated all the same.
  await db
    .updateTable("users")
    .set((eb) => ({ activated_at: eb.fn.coalesce("activated_at", eb.val(at)) }))
    .where("id", "=", id)
    .where("is_active", "=", 1)
    .execute();
  await db
    .updateTable("users")
    .set((eb) => ({ is_active: 0, updated_at: at, deactivated_at: eb.fn.coalesce("deactivated_at", eb.val(at)) }))
    .where("id", "=", id)
    .execute();
  await moveUserCount(db, before, await countedFields(db, id));
}

export async function setUserPassword(db: Db, id: string, passwordHash: string, at: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash, updated_at: at }).where("id", "=", id).execute();
}

export async function setUserNameAndPermissions(
  db: Db,
  id: string,
  change: { username: string; permissions: readonly string[]; roleKey: RoleKey | null; rank: number },
  at: string,
): Promise<void> {
  const before = await countedFields(db, id);
  await db
    .updateTable("users")
    .set({
      username: change.username,
      username_key: userKey(change.username),
      permissions: JSON.stringify(change.permissions),
      role_key: change.roleKey,
      rank: change.rank,
      updated_at: at,
    })
    .where("id", "=", id)
    .execute();
  await moveUserCount(db, before, before && { ...before, rank: change.rank });
}

/** A role edit reaches exactly the role's members, who all take the rank of the new set. */
export async function setRoleMembersPermissions(
  db: Db,
  roleKey: RoleKey,
  change: { permissions: readonly string[]; rank: number },
  at: string,
): Promise<void> {
  const groups = await db
    .selectFrom("users")
    .select(["rank", "is_active", "activated_at", "deactivated_at"])
    .select((eb) => eb.fn.countAll().as("n"))
    .where("role_key", "=", roleKey)
    .where("rank", "!=", change.rank)
    .groupBy(["rank", "is_active", "activated_at", "deactivated_at"])
    .execute();
  await db
    .updateTable("users")
    .set({ permissions: JSON.stringify(change.permissions), rank: change.rank, updated_at: at })
    .where("role_key", "=", roleKey)
    .execute();
  for (const group of groups) {
    const n = toCount(group.n);
    await addToUserCount(db, group.rank, userState(group), -n);
    await addToUserCount(db, change.rank, userState(group), n);
  }
}

/**
 * After a role's set changed, users in custom-permissions mode may derive another role (their rank follows
 * the rule "the first role whose set they wholly hold"): re-rank them. Members of roles never need it.
 */
export async function rerankCustomUsers(db: Db, rankOf: (permissions: string[]) => number): Promise<void> {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "permissions", "rank", "is_active", "activated_at", "deactivated_at"])
      .where("role_key", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    for (const row of rows) {
      const rank = rankOf(parsePermissions(row.permissions));
      if (rank === row.rank) continue;
      await db.updateTable("users").set({ rank }).where("id", "=", row.id).execute();
      await moveUserCount(db, row, { ...row, rank });
    }
    if (rows.length < 500) return;
    after = rows.at(-1)?.id ?? after;
  }
}

/** An address staff set, waiting for its owner's confirmation; `null` withdraws it. */
export async function setPendingEmail(db: Db, id: string, email: string | null, at: string): Promise<void> {
  await db.updateTable("users").set({ pending_email: email, updated_at: at }).where("id", "=", id).execute();
}

/** The confirmed address becomes the one in use, and nothing waits any more. */
/** The address becomes the one in use; the one it replaces is kept as `previous_email` (SET reads the old row). */
export async function applyEmail(db: Db, id: string, email: string, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      email,
      email_key: userKey(email),
      pending_email: null,
      previous_email: eb.ref("email"),
      email_changed_at: at,
      updated_at: at,
    }))
    .where("id", "=", id)
    .execute();
}

/** Whether an account other than `exceptId` uses this address (case-insensitive). */
export async function emailTakenByOther(db: Db, email: string, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", userKey(email))
    .where("id", "!=", exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteUserRow(db: Db, id: string): Promise<void> {
  const before = await countedFields(db, id);
  await db.deleteFrom("users").where("id", "=", id).execute();
  await moveUserCount(db, before, undefined);
}

/** How long after an address change staff changes to the account's sign-in are told to the previous address. */
export const PREVIOUS_ADDRESS_TOLD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The address an account used before a change that took effect less than 30 days ago, if any: a staff change
 * to how the account signs in is told there too, so its owner hears of a take-over (docs/security.md, "staff").
 */
export function recentPreviousAddress(
  row: Pick<UsersTable, "email" | "previous_email" | "email_changed_at">,
  now: Date,
): string | undefined {
  if (!row.previous_email || !row.email_changed_at) return undefined;
  if (userKey(row.previous_email) === userKey(row.email)) return undefined;
  const recent = now.getTime() - Date.parse(row.email_changed_at) < PREVIOUS_ADDRESS_TOLD_MS;
  return recent ? row.previous_email : undefined;
}
