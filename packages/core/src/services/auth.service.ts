/**
 * Account use cases of the login screen: login, sign-up, activation, forgot and reset password.
 * Each is written once here; the HTTP routes and the desktop IPC only adapt them.
 */

import type { z } from "zod";
import type { Db } from "../data/schema.ts";
import type { SessionUser } from "../domain/api-types.ts";
import { Forbidden, Unauthenticated } from "../domain/errors.ts";
import { MESSAGES } from "../domain/messages.ts";
import type { SecondFactorMethod } from "../domain/second-factor.ts";
import {
  activateBodySchema,
  forgotBodySchema,
  type loginBodySchema,
  resetBodySchema,
  resetTokenCheckBodySchema,
  signupBodySchema,
} from "../domain/validation.ts";
import { recordAudit } from "./audit.service.ts";
import { type Actor, ANONYMOUS, type Core } from "./context.ts";
import { countDaily } from "./daily-counts.table.ts";
import { INVITATION_PATH, link } from "./mail/links.ts";
import type { MailMessage } from "./mail/mail-message.ts";
import { accountExistsMail, activationMail, invitationMail, resetMail, usernameTakenMail } from "./mail/templates.ts";
import { parseInput } from "./parse-input.ts";
import { rankFor, rolePermissions } from "./roles.service.ts";
import { beginSecondFactor } from "./second-factor/login.service.ts";
import { dummyHash, hashPassword, newId, verifyPassword } from "./secrets.ts";
import { createSession, deleteSessionByToken, endUserSessions } from "./sessions.service.ts";
import { checkToken, consumeToken, issueNoToken, issueToken } from "./tokens.service.ts";
import {
  activateUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUsersByNameOrEmail,
  insertUser,
  isDeactivated,
  isInvitationPending,
  parsePermissions,
  setUserPassword,
  toSessionUser,
  userKey,
} from "./users.table.ts";

export type LoginResult =
  | { user: SessionUser; sessionToken: string }
  /** The password was right and the account has a second factor: a login step, never a session yet. */
  | { secondFactor: { methods: SecondFactorMethod[] }; stepToken: string };

/** Who is logging in from where: the browser's user agent and the session cookie it still carries, if any. */
export interface LoginClient {
  userAgent: string;
  previousSessionToken?: string | undefined;
}

/** The login body as the operation's schema (`loginBodySchema`) has already read it: parsed once, by the runner. */
export type LoginInput = z.output<typeof loginBodySchema>;

export async function login(core: Core, input: LoginInput, client: LoginClient): Promise<LoginResult> {
  const { username, password } = input;
  const row = await findUserByLogin(core.db, username);
  // An unknown name still costs one bcrypt comparison, so timing does not reveal which names exist.
  const matches = await verifyPassword(password, row?.password_hash ?? (await dummyHash(core.config.bcryptCost)));
  if (!row || !matches) {
    await recordAudit(core, core.db, ANONYMOUS, {
      action: "auth.login_failed",
      targetType: "user",
      targetId: row?.id ?? null,
      details: { username: username.slice(0, 64) },
    });
    core.observe?.loginFailed?.("wrong_credentials");
    throw new Unauthenticated(MESSAGES.loginFailed);
  }
  if (row.is_active !== 1) await refuseInactiveLogin(core, row);
  const step = await beginSecondFactor(core, row.id);
  if (step) return { secondFactor: { methods: step.methods }, stepToken: step.token };
  const user = toSessionUser(row);
  const sessionToken = await core.db.transaction().execute(async (trx) => {
    // Logging in again ends the session this browser held (whoever it belonged to): a copy of the old cookie
    // must not outlive the login that replaced it.
    if (client.previousSessionToken) await deleteSessionByToken(trx, client.previousSessionToken);
    const token = await createSession(core, trx, row.id, client.userAgent);
    await countDaily(trx, "logins", core.now());
    await recordAudit(
      core,
      trx,
      { kind: "user", id: row.id, username: row.username, permissions: user.permissions },
      { action: "auth.login", targetType: "user", targetId: row.id },
    );
    return token;
  });
  return { user, sessionToken };
}

/**
 * The right password for an account that may not log in: a deactivated one (docs/security.md, promise 33) or one never
 * activated, each with its own message, and in the audit log with the reason (never the password).
 */
async function refuseInactiveLogin(
  core: Core,
  row: { id: string; username: string; deactivated_at: string | null },
): Promise<never> {
  const reason = isDeactivated(row) ? "deactivated" : "not_activated";
  await recordAudit(core, core.db, ANONYMOUS, {
    action: "auth.login_refused",
    targetType: "user",
    targetId: row.id,
    details: { username: row.username, reason },
  });
  core.observe?.loginFailed?.(reason);
  throw new Forbidden(reason === "deactivated" ? MESSAGES.accountDeactivated : MESSAGES.accountInactive);
}

/** An e-mailed link or earlier token never brings back an account staff deactivated (docs/security.md, promise 33). */
async function refuseDeactivated(db: Db, userId: string): Promise<void> {
  if (isDeactivated(await findUserById(db, userId))) throw new Forbidden(MESSAGES.accountDeactivated);
}

export const SIGNUP_ANSWER = { message: "Account created. Check your email for the activation link." } as const;

/**
 * Creates an inactive user with the user role and mails the activation link. When the name or address is
 * taken, the answer is the same (docs/security.md, promise 6) and the mail tells the address's owner instead.
 */
export async function signup(core: Core, input: unknown): Promise<typeof SIGNUP_ANSWER> {
  const { username, email, password } = parseInput(signupBodySchema, input);
  const passwordHash = await hashPassword(password, core.config.bcryptCost);
  const existing = await findUsersByNameOrEmail(core.db, username, email);
  if (existing.length > 0) {
    const emailTaken = existing.some((u) => u.email_key === userKey(email));
    // Much of a new account's work (the role's set, superseding tokens, an audit row in one transaction) and
    // a queued mail, so a taken name or address answers in the time a new one does.
    await core.db.transaction().execute(async (trx) => {
      await rolePermissions(trx, "user");
      await issueNoToken(core, trx, "activation");
      await recordAudit(core, trx, ANONYMOUS, {
        action: "auth.signup_taken",
        targetType: "user",
        details: { field: emailTaken ? "email" : "username" },
      });
    });
    const loginLink = link(core, "/login");
    // The name goes only to the address the sign-up gave; kept to plain characters all the same.
    const safeName = username.replace(/[^A-Za-z0-9_.-]/g, "");
    core.mailer.enqueue(
      emailTaken ? accountExistsMail(email, loginLink) : usernameTakenMail(email, safeName, loginLink),
    );
    return SIGNUP_ANSWER;
  }
  const now = core.now().toISOString();
  const id = newId();
  const token = await core.db.transaction().execute(async (trx) => {
    // A new account is a member of the user role and starts with its current set.
    const permissions = await rolePermissions(trx, "user");
    await insertUser(trx, {
      id,
      username,
      email,
      password_hash: passwordHash,
      permissions: JSON.stringify(permissions),
      role_key: "user",
      rank: await rankFor(trx, permissions),
      is_active: 0,
      created_at: now,
      updated_at: now,
    });
    await countDaily(trx, "signups", core.now());
    const issued = await issueToken(core, trx, "activation", id);
    await recordAudit(core, trx, ANONYMOUS, {
      action: "auth.signup",
      targetType: "user",
      targetId: id,
      details: { username },
    });
    await recordAudit(core, trx, ANONYMOUS, {
      action: "token.issued",
      targetType: "user",
      targetId: id,
      // The visitor's sign-up asked for it; the name lets the log say whom it was mailed to.
      details: { kind: "activation", reason: "signup", username },
    });
    return issued;
  });
  core.mailer.enqueue(activationMail(email, username, link(core, "/activate-account", token)));
  return SIGNUP_ANSWER;
}

export async function activateAccount(core: Core, input: unknown): Promise<{ message: string }> {
  const { token } = parseInput(activateBodySchema, input);
  const trx = core.db;
  const userId = await consumeToken(core, trx, "activation", token);
  await refuseDeactivated(trx, userId);
  await activateUser(trx, userId, core.now().toISOString());
  await recordAudit(core, trx, await linkHolder(trx, userId), {
    action: "auth.activate",
    targetType: "user",
    targetId: userId,
  });
  return { message: MESSAGES.activationSuccess };
}

export const FORGOT_ANSWER = { message: MESSAGES.forgotSent } as const;

/**
 * Same answer, in the same time, whether or not the address exists (docs/security.md, promise 6, 25): a known address gets
 * its token and audit row now and its mail after the answer.
 */
export async function forgotPassword(core: Core, input: unknown): Promise<typeof FORGOT_ANSWER> {
  const { email } = parseInput(forgotBodySchema, input);
  const row = await findUserByEmail(core.db, email);
  // An unknown address runs the statements of a known one (a token issued for no one, one audit row) and a
  // known one's mail leaves after the answer, so both answer in the same time. A deactivated account gets
  // no mail at all (docs/security.md, promise 33) and is answered as an unknown address is (docs/security.md, promise 6).
  if (row && !isDeactivated(row)) {
    core.mailer.enqueue(await accountLinkMail(core, core.db, ANONYMOUS, row));
    return FORGOT_ANSWER;
  }
  await issueNoToken(core, core.db, "reset");
  await recordAudit(core, core.db, ANONYMOUS, {
    action: "auth.forgot_password",
    targetType: "user",
    ...(row ? { targetId: row.id, details: { username: row.username, reason: "deactivated" } } : {}),
  });
  return FORGOT_ANSWER;
}

type AccountLinkUser = {
  id: string;
  username: string;
  email: string;
  is_active: number;
  activated_at: string | null;
  deactivated_at: string | null;
  invited_at: string | null;
};

/** Issues and mails a reset link for an active user, or a new activation link for an inactive one, now. */
export async function mailAccountLink(core: Core, actor: Actor, user: AccountLinkUser): Promise<void> {
  // An admin's request waits for the mail, so a delivery failure reaches the admin panel.
  const mail = await core.db.transaction().execute((trx) => accountLinkMail(core, trx, actor, user));
  await core.mailer.send(mail);
}

/** Issues the token (superseding older ones) and its audit row; answers the mail that carries the link. */
async function accountLinkMail(core: Core, trx: Db, actor: Actor, user: AccountLinkUser): Promise<MailMessage> {
  if (isDeactivated(user)) throw new Forbidden(MESSAGES.accountDeactivated);
  // An invitation not yet accepted has no password to reset or account to activate: its new link is a new
  // invitation, where the invited person chooses the password.
  const kind = user.is_active === 1 ? "reset" : isInvitationPending(user) ? "invitation" : "activation";
  const token = await issueToken(core, trx, kind, user.id);
  await recordAudit(core, trx, actor, {
    action: "token.issued",
    targetType: "user",
    targetId: user.id,
    details: { kind, username: user.username },
  });
  if (kind === "invitation") return invitationMail(user.email, user.username, link(core, INVITATION_PATH, token));
  return kind === "reset"
    ? resetMail(user.email, user.username, link(core, "/reset-password", token))
    : activationMail(user.email, user.username, link(core, "/activate-account", token));
}

/** Whether a reset link still works, without using it up (the reset page asks as it opens). */
export async function checkResetToken(core: Core, input: unknown): Promise<{ message: string }> {
  const { token } = parseInput(resetTokenCheckBodySchema, input);
  await checkToken(core, core.db, "reset", token);
  return { message: MESSAGES.resetTokenUsable };
}

/**
 * Sets the new password and ends every session and device token of the user, in the transaction that
 * consumes the token.
 */
export async function resetPassword(core: Core, input: unknown): Promise<{ message: string }> {
  const { token, newPassword } = parseInput(resetBodySchema, input);
  const passwordHash = await hashPassword(newPassword, core.config.bcryptCost);
  await core.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(core, trx, "reset", token);
    await refuseDeactivated(trx, userId);
    await setUserPassword(trx, userId, passwordHash, core.now().toISOString());
    await endUserSessions(trx, userId, core.now());
    await recordAudit(core, trx, await linkHolder(trx, userId), {
      action: "auth.password_reset",
      targetType: "user",
      targetId: userId,
    });
  });
  return { message: MESSAGES.resetSuccess };
}

/**
 * Who acts through an e-mailed link: the account it was mailed to (the token proves the mailbox), so the
 * audit log names that account rather than 'anonymous'.
 */
export async function linkHolder(db: Db, userId: string): Promise<Actor> {
  const row = await findUserById(db, userId);
  return { kind: "user", id: row.id, username: row.username, permissions: parsePermissions(row.permissions) };
}
