/**
 * Second factors (docs/security.md, promise 30): the request bodies, answers and messages shared by the server and
 * the screens. Browser-safe.
 */
import { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";
import { MESSAGES } from "./messages.ts";
import { withinBcryptLimit } from "./validation.ts";

export {
  MAX_SECOND_FACTOR_FAILURES,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorMethod,
} from "./second-factor-messages.ts";

import { SECOND_FACTOR_MESSAGES, type SecondFactorMethod } from "./second-factor-messages.ts";

const code = z
  .string({ error: "Code is required." })
  .trim()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Code must be the 6 digits your authenticator app shows."));

const recoveryCode = z
  .string({ error: "Recovery code is required." })
  .trim()
  .min(1, "Recovery code is required.")
  .max(40, "Recovery code is too long.")
  .refine(...withoutControlCharacters("Recovery code"));

const password = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .refine(withinBcryptLimit, MESSAGES.passwordTooLong);

/**
 * A WebAuthn answer from the browser (navigator.credentials): checked in depth by the WebAuthn library; here
 * only its size and outer shape, so nothing unbounded reaches it.
 */
export const webAuthnResponseSchema = z
  .record(z.string().max(40), z.unknown(), { error: "Passkey response is required." })
  .refine((value) => JSON.stringify(value).length <= 16_384, "Passkey response is too large.");

export const passwordBodySchema = z.object({ password });
export const totpConfirmBodySchema = z.object({ code });
export const totpDeleteBodySchema = z.object({ password, code });

/** The second step of a login: one of an authenticator code, a recovery code or a passkey's answer. */
export const secondFactorBodySchema = z
  .object({
    code: code.optional(),
    recoveryCode: recoveryCode.optional(),
    passkey: webAuthnResponseSchema.optional(),
  })
  .refine(
    (body) => [body.code, body.recoveryCode, body.passkey].filter((v) => v !== undefined).length === 1,
    SECOND_FACTOR_MESSAGES.codeNeeded,
  );

export const passkeyNameSchema = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, "Name is required.")
  .max(100, "Name must be at most 100 characters.")
  .refine(...withoutControlCharacters("Name"));

export const passkeyCreateBodySchema = z.object({ name: passkeyNameSchema, response: webAuthnResponseSchema });
export const passkeyLoginBodySchema = z.object({ response: webAuthnResponseSchema });
export const securitySettingsSchema = z.object({
  requireSecondFactorForStaff: z.boolean({ error: "requireSecondFactorForStaff must be true or false." }),
});

/** What a second factor adds to a device token's minting: an authenticator code or a recovery code. */
export const deviceTokenSecondFactorSchema = z.object({
  code: code.optional(),
  recoveryCode: recoveryCode.optional(),
});

export interface SecondFactorChallenge {
  secondFactor: { methods: SecondFactorMethod[] };
}
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}
export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface SecurityStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
  secondFactorRequired: boolean;
}
export interface SecuritySettings {
  requireSecondFactorForStaff: boolean;
}
/** The owner's settings as read: and how many staff who can sign in have no second factor (the owner too). */
export interface SecuritySettingsAnswer extends SecuritySettings {
  staffWithoutSecondFactor: number;
}
