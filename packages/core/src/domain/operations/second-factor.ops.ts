/**
 * Second factors (docs/security.md, promise 30): enrolling an authenticator app and passkeys, the login's second
 * step, signing in with a passkey alone, and the owner's staff requirement. Enrolment is session-only: a
 * device token never adds or removes a credential.
 */
import { z } from "zod";
import { idParamSchema } from "../database-limits.ts";
import {
  type PasskeyView,
  passkeyCreateBodySchema,
  passkeyLoginBodySchema,
  passwordBodySchema,
  type RecoveryCodesAnswer,
  type SecuritySettingsAnswer,
  type SecurityStatus,
  secondFactorBodySchema,
  securitySettingsSchema,
  type TotpEnrolment,
  totpConfirmBodySchema,
  totpDeleteBodySchema,
} from "../second-factor.ts";
import type { OperationSpec } from "./define.ts";
import * as results from "./results.ts";

const SESSION_ONLY = ["session"] as const;
const { answer } = results;

const passkeyView = answer<PasskeyView>()(
  z.strictObject({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
);
/** WebAuthn options for `navigator.credentials` (the WebAuthn library's JSON shape). */
const webAuthnOptions = answer<Record<string, unknown>>()(z.record(z.string(), z.unknown()));

const securitySettingsResult = answer<SecuritySettingsAnswer>()(
  z.strictObject({
    requireSecondFactorForStaff: z.boolean(),
    staffWithoutSecondFactor: z.number().int().min(0),
  }),
);

export const secondFactorOperations = {
  "account.security": {
    method: "GET",
    path: "/api/account/security",
    summary:
      "Your second factors: whether an authenticator app is on, how many recovery codes are left, your passkeys, and whether staff must have one.",
    action: "account.use",
    result: answer<SecurityStatus>()(
      z.strictObject({
        totp: z.boolean(),
        recoveryCodesLeft: z.number(),
        passkeys: z.array(passkeyView),
        secondFactorRequired: z.boolean(),
      }),
    ),
    credentials: SESSION_ONLY,
  },
  "account.totp.start": {
    method: "POST",
    path: "/api/account/totp",
    summary:
      "Starts setting up an authenticator app (password asked again): a new base32 secret and its otpauth:// link, not active until confirmed. The secret is in this answer only.",
    action: "account.use",
    body: passwordBodySchema.strict(),
    result: answer<TotpEnrolment>()(z.strictObject({ secret: z.string(), otpauthUrl: z.string() })),
    statuses: [409, 429],
    credentials: SESSION_ONLY,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "account.totp.confirm": {
    method: "POST",
    path: "/api/account/totp/confirm",
    summary:
      "Turns the authenticator app on with a first code from it; answers ten single-use recovery codes, shown this once (stored hashed).",
    action: "account.use",
    body: totpConfirmBodySchema.strict(),
    result: answer<RecoveryCodesAnswer>()(z.strictObject({ recoveryCodes: z.array(z.string()) })),
    statuses: [409],
    credentials: SESSION_ONLY,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "account.totp.remove": {
    method: "DELETE",
    path: "/api/account/totp",
    summary: "Turns the authenticator app off, with the password and a current code; its recovery codes go with it.",
    action: "account.use",
    body: totpDeleteBodySchema.strict(),
    status: 204,
    result: results.noContent,
    statuses: [429],
    credentials: SESSION_ONLY,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "account.recoveryCodes.renew": {
    method: "POST",
    path: "/api/account/recovery-codes",
    summary: "Replaces your recovery codes with ten new ones (password asked again); the old ones stop working.",
    action: "account.use",
    body: passwordBodySchema.strict(),
    result: answer<RecoveryCodesAnswer>()(z.strictObject({ recoveryCodes: z.array(z.string()) })),
    statuses: [409, 429],
    credentials: SESSION_ONLY,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "account.passkeys.options": {
    method: "POST",
    path: "/api/account/passkeys/options",
    summary: "Starts adding a passkey (password asked again): WebAuthn registration options for this site (5 min).",
    action: "account.use",
    body: passwordBodySchema.strict(),
    result: webAuthnOptions,
    statuses: [429],
    credentials: SESSION_ONLY,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "account.passkeys.create": {
    method: "POST",
    path: "/api/account/passkeys",
    summary: "Adds the passkey the browser created for the options just given, under a name you choose.",
    action: "account.use",
    status: 201,
    body: passkeyCreateBodySchema.strict(),
    result: answer<{ id: string; name: string }>()(z.strictObject({ id: z.string(), name: z.string() })),
    credentials: SESSION_ONLY,
    idempotencyKey: false,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "account.passkeys.list": {
    method: "GET",
    path: "/api/account/passkeys",
    summary: "Your passkeys with name, creation and last use.",
    action: "account.use",
    result: answer<{ passkeys: PasskeyView[] }>()(z.strictObject({ passkeys: z.array(passkeyView) })),
    credentials: SESSION_ONLY,
  },
  "account.passkeys.delete": {
    method: "DELETE",
    path: "/api/account/passkeys/{id}",
    summary:
      "Removes one of your passkeys (password asked again); with your last second factor, your recovery codes go too.",
    action: "account.use",
    params: idParamSchema,
    body: passwordBodySchema.strict(),
    status: 204,
    result: results.noContent,
    statuses: [429],
    credentials: SESSION_ONLY,
    // Bcrypt checks the password before the short transaction that writes.
    transaction: "own",
  },
  "auth.secondFactor": {
    method: "POST",
    path: "/api/login/second-factor",
    summary:
      "The login's second step, after a password for an account with a second factor: an authenticator code, a recovery code (single use) or a passkey's answer. Starts the session. After 5 wrong answers the step ends and the password is asked again; a code is never accepted twice.",
    action: "public",
    body: secondFactorBodySchema,
    result: results.sessionUserResult,
    statuses: [401, 429],
    credentials: SESSION_ONLY,
    // A wrong answer is counted (account-answers.ts) and that count must stay when the step is refused.
    transaction: "own",
  },
  "auth.secondFactor.passkeyOptions": {
    method: "POST",
    path: "/api/login/second-factor/passkey-options",
    summary: "WebAuthn options to answer the login's second step with one of the account's passkeys.",
    action: "public",
    result: webAuthnOptions,
    statuses: [401],
    credentials: SESSION_ONLY,
    // A login step with its own short writes, like the rest of the second-factor login.
    transaction: "own",
  },
  "auth.passkey.options": {
    method: "POST",
    path: "/api/login/passkey/options",
    summary:
      "Starts 'Sign in with a passkey': WebAuthn options for a discoverable credential with user verification (5 min).",
    action: "public",
    body: z.object({}).strict(),
    result: webAuthnOptions,
    statuses: [429],
    credentials: SESSION_ONLY,
    // A login step with its own short writes, like the rest of the second-factor login.
    transaction: "own",
  },
  "auth.passkey": {
    method: "POST",
    path: "/api/login/passkey",
    summary: "Signs in with a passkey alone (user verification required) and sets the session cookie.",
    action: "public",
    body: passkeyLoginBodySchema.strict(),
    result: results.sessionUserResult,
    statuses: [401, 403, 429],
    credentials: SESSION_ONLY,
    // A wrong answer is counted (account-answers.ts) and that count must stay when the step is refused.
    transaction: "own",
  },
  "settings.security.get": {
    method: "GET",
    path: "/api/admin/settings/security",
    summary:
      "Whether staff (holders of website:admin:view) must have a second factor, and how many active staff (the owner included) have none yet. Owner only.",
    action: "settings.security",
    result: securitySettingsResult,
  },
  "settings.security.update": {
    method: "PATCH",
    path: "/api/admin/settings/security",
    summary: "Requires a second factor of staff, or stops requiring it (audited). Owner only.",
    action: "settings.security",
    body: securitySettingsSchema.strict(),
    result: securitySettingsResult,
    credentials: SESSION_ONLY,
  },
  "users.secondFactors.remove": {
    method: "DELETE",
    path: "/api/admin/users/{id}/second-factors",
    summary:
      "Removes a user's authenticator app, recovery codes and passkeys (a lost phone); never the owner's. Audited, and the user is told by e-mail.",
    action: "users.secondFactors",
    params: idParamSchema,
    status: 204,
    result: results.noContent,
    statuses: [409],
    credentials: SESSION_ONLY,
  },
} as const satisfies Record<string, OperationSpec>;
