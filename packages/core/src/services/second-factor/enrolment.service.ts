/**
 * Setting up and removing second factors from your own account: the authenticator app (a secret
 * shown once, active after a first code, ten recovery codes), passkeys, and staff removing a user's second
 * factors after a lost phone. Every change is audited and mailed to the account.
 */
import type { Db } from "../../data/schema.ts";
import { Conflict, Invalid, NotFound } from "../../domain/errors.ts";
import {
  SECOND_FACTOR_MESSAGES as M,
  type PasskeyView,
  passkeyCreateBodySchema,
  passwordBodySchema,
  type RecoveryCodesAnswer,
  type SecurityStatus,
  type TotpEnrolment,
  totpConfirmBodySchema,
  totpDeleteBodySchema,
} from "../../domain/second-factor.ts";
import { type AuditAction, recordAudit } from "../audit.service.ts";
import type { Actor, Core, UserActor } from "../context.ts";
import { ACCOUNT_SECURITY_PATH, link } from "../mail/links.ts";
import { formerAddressNoticeMail, securityNoticeMail } from "../mail/templates.ts";
import { parseInput } from "../parse-input.ts";
import { assertCan, requireUser } from "../policy.ts";
import { newId, verifyPassword } from "../secrets.ts";
import { findUserById, parsePermissions, recentPreviousAddress } from "../users.table.ts";
import {
  acceptTotpCode,
  issueRecoveryCodes,
  recoveryCodesLeft,
  secondFactorMethods,
  secondFactorMissing,
} from "./factors.ts";
import { endLoginStep, findLoginStep, putKeyedStep } from "./login-steps.ts";
import { sealTotpSecret } from "./secret-box.ts";
import { newTotpSecret, otpauthUrl } from "./totp.ts";
import { registrationOptions, relyingParty, verifyRegistration } from "./webauthn.ts";

async function checkPassword(core: Core, userId: string, password: string): Promise<void> {
  const row = await findUserById(core.db, userId);
  if (!(await verifyPassword(password, row.password_hash))) throw new Invalid(M.passwordWrong);
}

/** Audits a change to how an account signs in and mails the account about it (after the transaction). */
async function recordChange(
  core: Core,
  trx: Db,
  actor: Actor,
  userId: string,
  action: AuditAction,
  details: Record<string, unknown> = {},
): Promise<() => void> {
  const row = await findUserById(trx, userId);
  await recordAudit(core, trx, actor, {
    action,
    targetType: "user",
    targetId: userId,
    details: { username: row.username, ...details },
  });
  const what = NOTICES[action]?.(details) ?? "How your account signs in has changed.";
  return () =>
    core.mailer.enqueue(securityNoticeMail(row.email, row.username, what, link(core, ACCOUNT_SECURITY_PATH)));
}

const NOTICES: Partial<Record<AuditAction, (d: Record<string, unknown>) => string>> = {
  "second_factor.totp_enabled": () => "An authenticator app was set up as a second factor for your account.",
  "second_factor.totp_removed": () => "The authenticator app was removed from your account, with its recovery codes.",
  "second_factor.recovery_codes_renewed": () =>
    "New recovery codes were made for your account; the old ones no longer work.",
  "second_factor.recovery_code_used": (d) =>
    `A recovery code was used to sign in to your account. ${String(d.left)} recovery codes are left.`,
  "second_factor.passkey_added": (d) => `A passkey named "${String(d.name)}" was added to your account.`,
  "second_factor.passkey_removed": (d) => `The passkey named "${String(d.name)}" was removed from your account.`,
  "second_factor.removed_by_staff": (d) =>
    `${String(d.by)} removed the second factors of your account (authenticator app, recovery codes and passkeys). Sign in with your password and set up a new one.`,
};

export { recordChange as recordSecondFactorChange };

export async function securityStatus(core: Core, actor: Actor): Promise<SecurityStatus> {
  const user = requireUser(actor);
  const methods = await secondFactorMethods(core.db, user.id);
  return {
    totp: methods.includes("totp"),
    recoveryCodesLeft: await recoveryCodesLeft(core.db, user.id),
    passkeys: await passkeyViews(core.db, user.id),
    secondFactorRequired: await secondFactorMissing(core.db, user.id, user.permissions),
  };
}

export async function startTotp(core: Core, actor: Actor, input: unknown): Promise<TotpEnrolment> {
  const user = requireUser(actor);
  const { password } = parseInput(passwordBodySchema, input);
  await checkPassword(core, user.id, password);
  const secret = newTotpSecret();
  const stored = sealTotpSecret(secret, core.config.secondFactorKey, user.id);
  const createdAt = core.now().toISOString();
  await core.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("user_totp")
      .select("confirmed_at")
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (current?.confirmed_at) throw new Conflict(M.totpAlreadyOn);
    // A set-up begun again replaces the unconfirmed secret: only the newest QR code works.
    await trx.deleteFrom("user_totp").where("user_id", "=", user.id).execute();
    await trx.insertInto("user_totp").values({ user_id: user.id, secret: stored, created_at: createdAt }).execute();
  });
  return { secret, otpauthUrl: otpauthUrl(relyingParty(core).name, user.username, secret) };
}

export async function confirmTotp(core: Core, actor: Actor, input: unknown): Promise<RecoveryCodesAnswer> {
  const user = requireUser(actor);
  const { code } = parseInput(totpConfirmBodySchema, input);
  let mail = () => {};
  const codes = await core.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("user_totp")
      .select("confirmed_at")
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (!row) throw new Conflict(M.totpNotStarted);
    if (row.confirmed_at) throw new Conflict(M.totpAlreadyOn);
    if (!(await acceptTotpCode(core, trx, user.id, code, false))) throw new Invalid(M.wrongCode);
    await trx
      .updateTable("user_totp")
      .set({ confirmed_at: core.now().toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const issued = await issueRecoveryCodes(core, trx, user.id);
    mail = await recordChange(core, trx, actor, user.id, "second_factor.totp_enabled");
    return issued;
  });
  mail();
  return { recoveryCodes: codes };
}

export async function removeTotp(core: Core, actor: Actor, input: unknown): Promise<void> {
  const user = requireUser(actor);
  const { password, code } = parseInput(totpDeleteBodySchema, input);
  await checkPassword(core, user.id, password);
  let mail = () => {};
  await core.db.transaction().execute(async (trx) => {
    const methods = await secondFactorMethods(trx, user.id);
    if (!methods.includes("totp")) throw new Conflict(M.totpNotOn);
    if (!(await acceptTotpCode(core, trx, user.id, code))) throw new Invalid(M.wrongCode);
    await trx.deleteFrom("user_totp").where("user_id", "=", user.id).execute();
    // Recovery codes stand in for the authenticator; with passkeys left they still stand in for those.
    if (!methods.includes("passkey")) await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
    mail = await recordChange(core, trx, actor, user.id, "second_factor.totp_removed");
  });
  mail();
}

export async function renewRecoveryCodes(core: Core, actor: Actor, input: unknown): Promise<RecoveryCodesAnswer> {
  const user = requireUser(actor);
  const { password } = parseInput(passwordBodySchema, input);
  await checkPassword(core, user.id, password);
  let mail = () => {};
  const codes = await core.db.transaction().execute(async (trx) => {
    const methods = await secondFactorMethods(trx, user.id);
    if (!methods.includes("totp") && !methods.includes("passkey")) throw new Conflict("Set up a second factor first.");
    const issued = await issueRecoveryCodes(core, trx, user.id);
    mail = await recordChange(core, trx, actor, user.id, "second_factor.recovery_codes_renewed");
    return issued;
  });
  mail();
  return { recoveryCodes: codes };
}

// ---- Passkeys ----

const registerKey = (userId: string) => `register:${userId}`;

export async function passkeyRegistrationOptions(core: Core, actor: Actor, input: unknown) {
  const user = requireUser(actor);
  const { password } = parseInput(passwordBodySchema, input);
  await checkPassword(core, user.id, password);
  const options = await registrationOptions(core, core.db, user);
  await putKeyedStep(core, core.db, registerKey(user.id), "passkey-register", user.id, options.challenge);
  return options as unknown as Record<string, unknown>;
}

export async function addPasskey(core: Core, actor: Actor, input: unknown): Promise<{ id: string; name: string }> {
  const user = requireUser(actor);
  const { name, response } = parseInput(passkeyCreateBodySchema, input);
  const step = await findLoginStep(core, core.db, registerKey(user.id), "passkey-register");
  if (!step?.challenge) throw new Invalid(M.passkeyStepMissing);
  const credential = await verifyRegistration(core, response, step.challenge);
  if (!credential) throw new Invalid("The passkey could not be verified. Try adding it again.");
  const id = newId();
  let mail = () => {};
  await core.db.transaction().execute(async (trx) => {
    await endLoginStep(trx, step.key);
    const taken = await trx
      .selectFrom("passkeys")
      .select("id")
      .where("credential_id", "=", credential.id)
      .executeTakeFirst();
    if (taken) throw new Conflict("This passkey is already registered.");
    await trx
      .insertInto("passkeys")
      .values({
        id,
        credential_id: credential.id,
        user_id: user.id,
        name,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        created_at: core.now().toISOString(),
      })
      .execute();
    mail = await recordChange(core, trx, actor, user.id, "second_factor.passkey_added", { name });
  });
  mail();
  return { id, name };
}

async function passkeyViews(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

export async function listPasskeys(core: Core, actor: Actor): Promise<{ passkeys: PasskeyView[] }> {
  return { passkeys: await passkeyViews(core.db, requireUser(actor).id) };
}

/**
 * Removing a factor asks for the password, as turning the authenticator off does: a session alone (a
 * borrowed browser, a stolen cookie) cannot strip an account of its second factors (docs/security.md: the
 * password thief and the signed-in user). The recovery codes go with the last factor, after that check.
 */
export async function removePasskey(core: Core, actor: Actor, id: string, input: unknown): Promise<void> {
  const user = requireUser(actor);
  const { password } = parseInput(passwordBodySchema, input);
  await checkPassword(core, user.id, password);
  let mail = () => {};
  await core.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("passkeys")
      .select("name")
      .where("id", "=", id)
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (!row) throw new NotFound(M.passkeyNotFound);
    await trx.deleteFrom("passkeys").where("id", "=", id).execute();
    const left = await secondFactorMethods(trx, user.id);
    if (!left.includes("totp") && !left.includes("passkey")) {
      await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
    }
    mail = await recordChange(core, trx, actor, user.id, "second_factor.passkey_removed", { name: row.name });
  });
  mail();
}

// ---- Staff ----

/** A lost phone: staff with users:permissions remove another user's second factors (never the owner's). */
export async function removeUserSecondFactors(core: Core, actor: Actor, userId: string): Promise<void> {
  const target = await findUserById(core.db, userId);
  const staff: UserActor = assertCan(actor, "users.secondFactors", {
    id: target.id,
    permissions: parsePermissions(target.permissions),
  });
  let mail = () => {};
  const trx = core.db;
  const methods = await secondFactorMethods(trx, userId);
  if (methods.length === 0) throw new Conflict(M.userHasNone);
  await trx.deleteFrom("user_totp").where("user_id", "=", userId).execute();
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("passkeys").where("user_id", "=", userId).execute();
  mail = await recordChange(core, trx, actor, userId, "second_factor.removed_by_staff", { by: staff.username });
  mail();
  // The notice goes to the address in use; one changed lately is told too (docs/security.md, "staff").
  const former = recentPreviousAddress(target, core.now());
  if (former) {
    const what = `${staff.username} removed the second factors of your account (authenticator app, recovery codes and passkeys).`;
    core.mailer.enqueue(formerAddressNoticeMail(former, target.username, what, link(core, "/login")));
  }
}
