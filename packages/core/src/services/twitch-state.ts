/**
 * The single-use `state` of 'Connect Twitch' (docs/security.md, promise 22, OAuth 2.0 RFC 6749 section 10.12): 32 random
 * bytes issued to one session for 10 minutes, stored only as a SHA-256 hash, spent by the one callback
 * that stores an authorization. The rows go with their session (ON DELETE CASCADE).
 */
import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../data/schema.ts";
import { TWITCH_STATE_TTL_MS } from "../domain/twitch.ts";
import { hashToken, newToken } from "./secrets.ts";

/** A new state for this session; spent or expired states of every session are cleared on the way. */
export async function issueTwitchState(
  db: Db,
  owner: StateOwner,
  now: Date,
): Promise<{ state: string; expiresAt: Date }> {
  const state = newToken();
  const expiresAt = new Date(now.getTime() + TWITCH_STATE_TTL_MS);
  await db
    .deleteFrom("twitch_states")
    .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("used_at", "is not", null)]))
    .execute();
  await db
    .insertInto("twitch_states")
    .values({
      state_hash: hashToken(state),
      session_id: owner.sessionId,
      user_id: owner.userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
  return { state, expiresAt };
}

type StateOwner = { sessionId: string; userId: string };

/** The state's row, issued to this session and user, unused and not expired. */
function liveState(eb: ExpressionBuilder<Database, "twitch_states">, state: string, owner: StateOwner, now: Date) {
  return eb.and([
    eb("state_hash", "=", hashToken(state)),
    eb("session_id", "=", owner.sessionId),
    eb("user_id", "=", owner.userId),
    eb("used_at", "is", null),
    eb("expires_at", ">", now.toISOString()),
  ]);
}

/** Whether the state was issued to this session and user, is unused and has not expired. */
export async function isLiveTwitchState(db: Db, state: string, owner: StateOwner, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("twitch_states")
    .select("state_hash")
    .where((eb) => liveState(eb, state, owner, now))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the state in one conditional update, so of two callbacks racing with the same state only one
 * succeeds. Answers whether this call spent it.
 */
export async function spendTwitchState(db: Db, state: string, owner: StateOwner, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("twitch_states")
    .set({ used_at: now.toISOString() })
    .where((eb) => liveState(eb, state, owner, now))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
