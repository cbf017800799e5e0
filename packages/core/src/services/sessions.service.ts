/**
 * Database sessions (docs/security.md, promise 1-2): the cookie carries a random token, the table holds only its hash.
 * Every request re-reads the user's permissions and active flag through the session.
 */

import type { Db } from "../data/schema.ts";
import type { SessionView } from "../domain/api-types.ts";
import { Forbidden, NotFound } from "../domain/errors.ts";
import { decide } from "../domain/policy/index.ts";
import { recordAudit } from "./audit.service.ts";
import type { Core, UserActor } from "./context.ts";
import { secondFactorMissing } from "./second-factor/factors.ts";
import { endUserLoginSteps } from "./second-factor/login-steps.ts";
import { hashToken, newId, newToken } from "./secrets.ts";
import { parsePermissions } from "./users.table.ts";

/** Refresh last_seen_at at most this often, so reads do not turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(core: Core, db: Db, userId: string, userAgent: string): Promise<string> {
  const token = newToken();
  const now = core.now();
  await db
    .insertInto("sessions")
    .values({
      id: newId(),
      token_hash: hashToken(token),
      user_id: userId,
      user_agent: userAgent.slice(0, 300),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + core.config.sessionTtlMs).toISOString(),
    })
    .execute();
  return token;
}

/** The actor behind a session token, or null if the token is unknown, expired or the user inactive. */
export async function resolveSession(core: Core, token: string): Promise<UserActor | null> {
  const row = await core.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "users.id",
      "users.username",
      "users.permissions",
      "users.is_active",
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  const now = core.now();
  if (row?.is_active !== 1) return null;
  if (row.expires_at <= now.toISOString()) {
    await core.db.deleteFrom("sessions").where("id", "=", row.session_id).execute();
    return null;
  }
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    await core.db
      .updateTable("sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id", "=", row.session_id)
      .execute();
  }
  return {
    kind: "user",
    id: row.id,
    username: row.username,
    permissions: parsePermissions(row.permissions),
    sessionId: row.session_id,
    secondFactorMissing: await secondFactorMissing(core.db, row.id, parsePermissions(row.permissions)),
  };
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/**
 * Ends every session of a user: the browser's (except optionally the one making the request), the device
 * tokens of their desktops and the login steps waiting for a second factor, so a password
 * thief's step started before the change cannot be finished after it (docs/security.md, the password thief).
 * For a password change or reset and a deactivation.
 */
export async function endUserSessions(db: Db, userId: string, at: Date, exceptSessionId?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
  await revokeUserDeviceTokens(db, [userId], at);
  await endUserLoginSteps(db, userId);
}

/**
 * Ends every device token of these users, in the caller's transaction. A reactivation or a regained
 * permission does not bring one back: the desktop signs in again and keeps its outbox.
 */
export async function revokeUserDeviceTokens(db: Db, userIds: readonly string[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable("device_tokens")
    .set({ revoked_at: at.toISOString() })
    .where("user_id", "in", userIds)
    .where("revoked_at", "is", null)
    .execute();
}

/** Whether a change of what a user holds takes the desktop app (the policy's `sync.use`) away from them. */
export function losesDeviceAccess(userId: string, before: readonly string[], after: readonly string[]): boolean {
  const maySync = (permissions: readonly string[]) =>
    decide({ kind: "user", id: userId, permissions }, "sync.use").allowed;
  return maySync(before) && !maySync(after);
}

export async function listOwnSessions(core: Core, actor: UserActor): Promise<SessionView[]> {
  return sessionsOf(core, actor.id, actor.sessionId);
}

/** A user's unexpired sessions, most recently seen first; `currentId` marks the caller's own. */
export async function sessionsOf(core: Core, userId: string, currentId?: string): Promise<SessionView[]> {
  const rows = await core.db
    .selectFrom("sessions")
    .select(["id", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", core.now().toISOString())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    current: r.id === currentId,
  }));
}

export async function endOwnSession(core: Core, actor: UserActor, sessionId: string): Promise<void> {
  await endSessionOf(core.db, actor.id, sessionId);
}

/**
 * 'Log out everywhere else': ends every browser session of the caller but the one making the call, and
 * records how many in the audit log. Device tokens stay: each is revoked by name in the Device tokens list.
 * A caller with no session of its own (a device token) is refused, so the call can never end them all.
 */
export async function endOtherOwnSessions(core: Core, actor: UserActor): Promise<{ ended: number }> {
  const current = actor.sessionId;
  if (actor.credential === "device" || !current)
    throw new Forbidden("Ending your other sessions needs a browser session.");
  const trx = core.db;
  const ended = await trx
    .deleteFrom("sessions")
    .where("user_id", "=", actor.id)
    .where("id", "!=", current)
    .returning("id")
    .execute();
  await recordAudit(core, trx, actor, {
    action: "session.ended_others",
    targetType: "user",
    targetId: actor.id,
    details: { ended: ended.length },
  });
  return { ended: ended.length };
}

/** Ends one session of this user, and answers its device for the audit; another user's session is not found. */
export async function endSessionOf(db: Db, userId: string, sessionId: string): Promise<string> {
  const row = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .returning("user_agent")
    .executeTakeFirst();
  if (!row) throw new NotFound("Session not found.");
  return row.user_agent;
}
