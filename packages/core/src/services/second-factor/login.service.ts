/**
 * The login's second step (issue 25, SECURITY 30): after the password, an account with a second factor gets
 * a 5-minute login step instead of a session; an authenticator code (never one accepted before), a recovery
 * code (once) or a passkey's answer ends it with a session. Five wrong answers end the step, and the password
 * is asked again. A passkey with user verification also signs in alone.
 */
import type { SessionUser } from "../../domain/api-types.ts";
import { Forbidden, Invalid, Unauthenticated } from "../../domain/errors.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  deviceTokenSecondFactorSchema,
  SECOND_FACTOR_MESSAGES as M,
  passkeyLoginBodySchema,
  secondFactorBodySchema,
} from "../../domain/second-factor.ts";
import { recordAudit } from "../audit.service.ts";
import { ANONYMOUS, type Core, type UserActor } from "../context.ts";
import { countDaily } from "../daily-counts.table.ts";
import { parseInput } from "../parse-input.ts";
import { hashToken } from "../secrets.ts";
import { createSession, deleteSessionByToken } from "../sessions.service.ts";
import { findUserById, isDeactivated, toSessionUser } from "../users.table.ts";
import { recordSecondFactorChange } from "./enrolment.service.ts";
import { acceptTotpCode, recoveryCodesLeft, secondFactorMethods, useRecoveryCode } from "./factors.ts";
import {
  countFailure,
  endLoginStep,
  findLoginStep,
  LOGIN_STEP_TTL_MS,
  MAX_SECOND_FACTOR_FAILURES,
  setStepChallenge,
  startLoginStep,
  stepKey,
} from "./login-steps.ts";
import { authenticationOptions, verifyAuthentication } from "./webauthn.ts";

export interface StepClient {
  userAgent: string;
  /** The login-step cookie's token, if the browser holds one. */
  stepToken?: string | undefined;
  previousSessionToken?: string | undefined;
}

export interface SessionStart {
  user: SessionUser;
  sessionToken: string;
}

async function openStep(core: Core, token: string | undefined) {
  const step = token ? await findLoginStep(core, core.db, stepKey(token), "second-factor") : null;
  if (!step?.userId) throw new Unauthenticated(M.stepExpired);
  return step as typeof step & { userId: string };
}

/** Starts a session for a user who proved both factors (or a verified passkey), in one transaction. */
async function startSession(
  core: Core,
  userId: string,
  client: StepClient,
  method: string,
  stepKeyToEnd?: string,
): Promise<SessionStart> {
  const row = await findUserById(core.db, userId);
  if (row.is_active !== 1) {
    throw new Forbidden(isDeactivated(row) ? MESSAGES.accountDeactivated : MESSAGES.accountInactive);
  }
  const user = toSessionUser(row);
  const sessionToken = await core.db.transaction().execute(async (trx) => {
    if (stepKeyToEnd) await endLoginStep(trx, stepKeyToEnd);
    if (client.previousSessionToken) await deleteSessionByToken(trx, client.previousSessionToken);
    const token = await createSession(core, trx, row.id, client.userAgent);
    await trx
      .updateTable("sessions")
      .set({ second_factor_at: core.now().toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    await countDaily(trx, "logins", core.now());
    await recordAudit(
      core,
      trx,
      { kind: "user", id: row.id, username: row.username, permissions: user.permissions },
      { action: "auth.login", targetType: "user", targetId: row.id, details: { secondFactor: method } },
    );
    return token;
  });
  return { user, sessionToken };
}

/** One wrong answer: counted, audited; the fifth ends the step. */
async function refuse(core: Core, step: { key: string; userId: string }, message: string): Promise<never> {
  const failures = await countFailure(core.db, step.key);
  await recordAudit(core, core.db, ANONYMOUS, {
    action: "second_factor.failed",
    targetType: "user",
    targetId: step.userId,
    details: { failures },
  });
  core.observe?.loginFailed?.("wrong_second_factor");
  if (failures >= MAX_SECOND_FACTOR_FAILURES) {
    await endLoginStep(core.db, step.key);
    throw new Unauthenticated(M.tooManyTries);
  }
  throw new Unauthenticated(message);
}

/** After the right password for an account with a second factor: the step's token and the methods to offer. */
export async function beginSecondFactor(core: Core, userId: string) {
  const methods = await secondFactorMethods(core.db, userId);
  if (methods.length === 0) return null;
  const token = await startLoginStep(core, core.db, "second-factor", userId);
  return { methods, token };
}

export async function completeSecondFactor(core: Core, input: unknown, client: StepClient): Promise<SessionStart> {
  const body = parseInput(secondFactorBodySchema, input);
  const step = await openStep(core, client.stepToken);
  if (step.failures >= MAX_SECOND_FACTOR_FAILURES) throw new Unauthenticated(M.tooManyTries);
  if (body.code !== undefined) {
    if (!(await acceptTotpCode(core, core.db, step.userId, body.code))) return refuse(core, step, M.wrongCode);
    return startSession(core, step.userId, client, "totp", step.key);
  }
  if (body.recoveryCode !== undefined) {
    if (!(await useRecoveryCode(core, core.db, step.userId, body.recoveryCode))) {
      return refuse(core, step, M.wrongRecoveryCode);
    }
    const left = await recoveryCodesLeft(core.db, step.userId);
    const mail = await core.db
      .transaction()
      .execute((trx) =>
        recordSecondFactorChange(core, trx, ANONYMOUS, step.userId, "second_factor.recovery_code_used", { left }),
      );
    mail();
    return startSession(core, step.userId, client, "recovery", step.key);
  }
  if (!step.challenge) return refuse(core, step, M.passkeyStepMissing);
  const proof = await verifyAuthentication(core, core.db, body.passkey, step.challenge, step.userId);
  if (!proof) return refuse(core, step, M.wrongPasskey);
  return startSession(core, step.userId, client, "passkey", step.key);
}

/** Options to answer the second step with one of the account's passkeys; the challenge is kept with the step. */
export async function secondFactorPasskeyOptions(core: Core, client: StepClient) {
  const step = await openStep(core, client.stepToken);
  const options = await authenticationOptions(core, core.db, step.userId);
  await setStepChallenge(core.db, step.key, options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** 'Sign in with a passkey': a challenge for any passkey of this site, kept in its own short step. */
export async function passkeyLoginOptions(core: Core) {
  const options = await authenticationOptions(core, core.db);
  const token = await startLoginStep(core, core.db, "passkey-login", null, options.challenge);
  return { options: options as unknown as Record<string, unknown>, token };
}

export async function passkeyLogin(core: Core, input: unknown, client: StepClient): Promise<SessionStart> {
  const { response } = parseInput(passkeyLoginBodySchema, input);
  const step = client.stepToken ? await findLoginStep(core, core.db, stepKey(client.stepToken), "passkey-login") : null;
  if (!step?.challenge) throw new Unauthenticated(M.passkeyStepMissing);
  // A challenge answers once, whatever the outcome.
  await endLoginStep(core.db, step.key);
  const proof = await verifyAuthentication(core, core.db, response, step.challenge);
  if (!proof) {
    await recordAudit(core, core.db, ANONYMOUS, {
      action: "auth.login_failed",
      targetType: "user",
      details: { passkey: true },
    });
    core.observe?.loginFailed?.("wrong_passkey");
    throw new Unauthenticated(M.passkeyUnknown);
  }
  return startSession(core, proof.userId, client, "passkey");
}

/**
 * Minting a device token asks for the second factor too (SECURITY 26, 30): an authenticator code or a
 * recovery code, when the user has one; or a session whose login proved one in the last 5 minutes (the
 * desktop's connect signs in with the code and mints its token at once, and a code never works twice).
 */
export async function assertDeviceSecondFactor(core: Core, user: UserActor, input: unknown): Promise<void> {
  const methods = await secondFactorMethods(core.db, user.id);
  if (methods.length === 0) return;
  if (user.sessionId && (await provedJustNow(core, user.sessionId))) return;
  const { code, recoveryCode } = parseInput(deviceTokenSecondFactorSchema, input);
  if (code !== undefined) {
    if (await acceptTotpCode(core, core.db, user.id, code)) return;
    throw new Invalid(M.wrongCode);
  }
  if (recoveryCode !== undefined) {
    if (await useRecoveryCode(core, core.db, user.id, recoveryCode)) {
      const left = await recoveryCodesLeft(core.db, user.id);
      const mail = await core.db
        .transaction()
        .execute((trx) =>
          recordSecondFactorChange(core, trx, user, user.id, "second_factor.recovery_code_used", { left }),
        );
      mail();
      return;
    }
    throw new Invalid(M.wrongRecoveryCode);
  }
  throw new Invalid(M.codeNeeded);
}

async function provedJustNow(core: Core, sessionId: string): Promise<boolean> {
  const row = await core.db
    .selectFrom("sessions")
    .select("second_factor_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!row?.second_factor_at) return false;
  return core.now().getTime() - Date.parse(row.second_factor_at) <= LOGIN_STEP_TTL_MS;
}
