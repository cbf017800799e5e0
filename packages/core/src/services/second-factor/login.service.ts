/**
 * The login's second step (docs/security.md, the password thief): after the password, an account
 * with a second factor gets a 5-minute login step instead of a session; an authenticator code (never one
 * accepted before), a recovery code (once) or a passkey's answer ends it with a session. Every answer is
 * counted before it is checked, per step (five end it, and the password is asked again) and per account
 * across steps and addresses (account-answers.ts). A step counts only for the answer whose DELETE ended it,
 * in the transaction that checks the answer and starts the session. A passkey with user verification also
 * signs in alone.
 */
import type { Db } from "../../data/schema.ts";
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
import { findUserById, isDeactivated, parsePermissions } from "../users.table.ts";
import { claimAccountAnswer } from "./account-answers.ts";
import { recordSecondFactorChange } from "./enrolment.service.ts";
import { acceptTotpCode, recoveryCodesLeft, secondFactorMethods, useRecoveryCode } from "./factors.ts";
import {
  claimStepAnswer,
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

/**
 * Checks one answer, in the transaction that ends its step and starts the session: true when it is right.
 * Runs only after the step's DELETE removed the row, so it sees its step once; `actor` is the user signing in.
 */
type AnswerCheck = (trx: Db, actor: UserActor) => Promise<boolean>;

/** Thrown inside the session's transaction by a wrong answer, so nothing it did (a code marked used) stays. */
class WrongAnswer extends Error {}

/** Starts a session for a user who proved both factors (or a verified passkey), in one transaction. */
async function startSession(
  core: Core,
  userId: string,
  client: StepClient,
  method: string,
  answer?: { stepKey: string; check: AnswerCheck },
): Promise<SessionStart> {
  const row = await findUserById(core.db, userId);
  if (row.is_active !== 1) {
    throw new Forbidden(isDeactivated(row) ? MESSAGES.accountDeactivated : MESSAGES.accountInactive);
  }
  const actor: UserActor = {
    kind: "user",
    id: row.id,
    username: row.username,
    permissions: parsePermissions(row.permissions),
  };
  const sessionToken = await core.db.transaction().execute(async (trx) => {
    if (answer) {
      // Of two answers arriving together, only the one whose DELETE removed the step goes on.
      if (!(await endLoginStep(trx, answer.stepKey))) throw new Unauthenticated(M.stepExpired);
      if (!(await answer.check(trx, actor))) throw new WrongAnswer();
    }
    if (client.previousSessionToken) await deleteSessionByToken(trx, client.previousSessionToken);
    const token = await createSession(core, trx, row.id, client.userAgent);
    await trx
      .updateTable("sessions")
      .set({ second_factor_at: core.now().toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    await countDaily(trx, "logins", core.now());
    await recordAudit(core, trx, actor, {
      action: "auth.login",
      targetType: "user",
      targetId: row.id,
      details: { secondFactor: method },
    });
    return token;
  });
  return { user: { _id: actor.id, username: actor.username, permissions: actor.permissions }, sessionToken };
}

/**
 * One answer to the second step: counted for the account and the step before it is checked, then checked
 * with the step's end. A right answer gives the account its count back; a wrong one is audited, and the
 * fifth ends the step.
 */
async function answerStep(
  core: Core,
  step: { key: string; userId: string },
  client: StepClient,
  method: string,
  check: AnswerCheck,
  wrong: string,
): Promise<SessionStart> {
  const claim = await claimAccountAnswer(core, step.userId, ANONYMOUS);
  const failures = await claimStepAnswer(core, core.db, step.key);
  if (failures === null) {
    // Nothing was checked: the step was used up (or ended) by answers before this one.
    await claim.giveBack();
    const open = await findLoginStep(core, core.db, step.key, "second-factor");
    if (!open) throw new Unauthenticated(M.stepExpired);
    await endLoginStep(core.db, step.key);
    throw new Unauthenticated(M.tooManyTries);
  }
  try {
    const started = await startSession(core, step.userId, client, method, { stepKey: step.key, check });
    await claim.giveBack();
    return started;
  } catch (error) {
    if (error instanceof WrongAnswer) return refuse(core, step, failures, wrong);
    // Not judged wrong (the step ended by another answer, the account deactivated): no guess to count.
    await claim.giveBack();
    throw error;
  }
}

/** One wrong answer, already counted: audited; the fifth ends the step. */
async function refuse(
  core: Core,
  step: { key: string; userId: string },
  failures: number,
  message: string,
): Promise<never> {
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
  const { code, recoveryCode } = body;
  if (code !== undefined) {
    return answerStep(core, step, client, "totp", (trx) => acceptTotpCode(core, trx, step.userId, code), M.wrongCode);
  }
  if (recoveryCode !== undefined) {
    let mail = () => {};
    const started = await answerStep(
      core,
      step,
      client,
      "recovery",
      async (trx, actor) => {
        if (!(await useRecoveryCode(core, trx, step.userId, recoveryCode))) return false;
        const left = await recoveryCodesLeft(trx, step.userId);
        // Audited as the user who signed in with it: the step proved the password.
        mail = await recordSecondFactorChange(core, trx, actor, step.userId, "second_factor.recovery_code_used", {
          left,
        });
        return true;
      },
      M.wrongRecoveryCode,
    );
    mail();
    return started;
  }
  const { challenge } = step;
  return answerStep(
    core,
    step,
    client,
    "passkey",
    async (trx) =>
      challenge !== null && (await verifyAuthentication(core, trx, body.passkey, challenge, step.userId)) !== null,
    challenge === null ? M.passkeyStepMissing : M.wrongPasskey,
  );
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
  // A challenge answers once, whatever the outcome, and only for the request whose DELETE ended it.
  if (!(await endLoginStep(core.db, step.key))) throw new Unauthenticated(M.passkeyStepMissing);
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
 * Minting a device token asks for the second factor too (docs/security.md): an authenticator code or a
 * recovery code, when the user has one; or a session whose login proved one in the last 5 minutes (the
 * desktop's connect signs in with the code and mints its token at once, and a code never works twice). A code
 * here is counted for the account like one at the login's second step, and a wrong one is audited.
 */
export async function assertDeviceSecondFactor(core: Core, user: UserActor, input: unknown): Promise<void> {
  const methods = await secondFactorMethods(core.db, user.id);
  if (methods.length === 0) return;
  if (user.sessionId && (await provedJustNow(core, user.sessionId))) return;
  const { code, recoveryCode } = parseInput(deviceTokenSecondFactorSchema, input);
  if (code === undefined && recoveryCode === undefined) throw new Invalid(M.codeNeeded);
  const claim = await claimAccountAnswer(core, user.id, user);
  const right =
    code !== undefined
      ? await acceptTotpCode(core, core.db, user.id, code)
      : await useDeviceRecoveryCode(core, user, recoveryCode);
  if (right) {
    await claim.giveBack();
    return;
  }
  await recordAudit(core, core.db, user, {
    action: "second_factor.failed",
    targetType: "user",
    targetId: user.id,
    details: { username: user.username, deviceToken: true },
  });
  throw new Invalid(code !== undefined ? M.wrongCode : M.wrongRecoveryCode);
}

async function useDeviceRecoveryCode(core: Core, user: UserActor, code: string | undefined): Promise<boolean> {
  if (code === undefined) return false;
  let mail = () => {};
  const used = await core.db.transaction().execute(async (trx) => {
    if (!(await useRecoveryCode(core, trx, user.id, code))) return false;
    const left = await recoveryCodesLeft(trx, user.id);
    mail = await recordSecondFactorChange(core, trx, user, user.id, "second_factor.recovery_code_used", { left });
    return true;
  });
  mail();
  return used;
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
