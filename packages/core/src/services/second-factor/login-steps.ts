/**
 * Short-lived login steps kept in the database (several instances share them): a password checked and
 * waiting for its second factor, or a WebAuthn challenge waiting for its answer. The browser holds only a
 * random token in a 5-minute cookie; the row holds its hash.
 */
import type { Db, LoginStepsTable } from "../../data/schema.ts";
import { MAX_SECOND_FACTOR_FAILURES } from "../../domain/second-factor-messages.ts";
import type { Core } from "../context.ts";
import { hashToken, newToken } from "../secrets.ts";

export { MAX_SECOND_FACTOR_FAILURES };

export const LOGIN_STEP_TTL_MS = 5 * 60 * 1000;

export type LoginStepKind = LoginStepsTable["kind"];

export interface LoginStep {
  key: string;
  kind: LoginStepKind;
  userId: string | null;
  challenge: string | null;
  failures: number;
}

/** Starts a step; answers the token for the cookie. Expired steps are swept on the way. */
export async function startLoginStep(
  core: Core,
  db: Db,
  kind: LoginStepKind,
  userId: string | null,
  challenge: string | null = null,
): Promise<string> {
  const token = newToken();
  await sweep(core, db);
  await db
    .insertInto("login_steps")
    .values({
      key: hashToken(token),
      kind,
      user_id: userId,
      challenge,
      expires_at: new Date(core.now().getTime() + LOGIN_STEP_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/** A step keyed by something else than a cookie (a passkey being added: one per user). */
export async function putKeyedStep(
  core: Core,
  db: Db,
  key: string,
  kind: LoginStepKind,
  userId: string,
  challenge: string,
) {
  await db.deleteFrom("login_steps").where("key", "=", key).execute();
  await db
    .insertInto("login_steps")
    .values({
      key,
      kind,
      user_id: userId,
      challenge,
      expires_at: new Date(core.now().getTime() + LOGIN_STEP_TTL_MS).toISOString(),
    })
    .execute();
}

export async function findLoginStep(core: Core, db: Db, key: string, kind: LoginStepKind): Promise<LoginStep | null> {
  const row = await db
    .selectFrom("login_steps")
    .selectAll()
    .where("key", "=", key)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row || row.expires_at <= core.now().toISOString()) return null;
  return {
    key: row.key,
    kind: row.kind,
    userId: row.user_id,
    challenge: row.challenge,
    failures: Number(row.failures),
  };
}

export const stepKey = (token: string) => hashToken(token);

export async function setStepChallenge(db: Db, key: string, challenge: string): Promise<void> {
  await db.updateTable("login_steps").set({ challenge }).where("key", "=", key).execute();
}

/**
 * Counts one answer to a second-factor step before it is checked, and answers the step's count with it; null
 * when the step is gone, expired or has had its five answers. One conditional UPDATE ... RETURNING, so answers
 * sent in parallel cannot all pass: no more than five are ever checked.
 */
export async function claimStepAnswer(core: Core, db: Db, key: string): Promise<number | null> {
  const row = await db
    .updateTable("login_steps")
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("key", "=", key)
    .where("kind", "=", "second-factor")
    .where("failures", "<", MAX_SECOND_FACTOR_FAILURES)
    .where("expires_at", ">", core.now().toISOString())
    .returning("failures")
    .executeTakeFirst();
  return row ? Number(row.failures) : null;
}

/**
 * Ends a step; true only for the caller whose DELETE removed it. A step's answer counts only after this, so of
 * two answers arriving together exactly one starts a session.
 */
export async function endLoginStep(db: Db, key: string): Promise<boolean> {
  const gone = await db.deleteFrom("login_steps").where("key", "=", key).returning("key").execute();
  return gone.length === 1;
}

/** Ends every pending step of a user: a password change or reset and a deactivation leave none to answer. */
export async function endUserLoginSteps(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("login_steps").where("user_id", "=", userId).execute();
}

async function sweep(core: Core, db: Db): Promise<void> {
  await db.deleteFrom("login_steps").where("expires_at", "<=", core.now().toISOString()).execute();
}
