/**
 * The second factors' words and methods, without zod: the login screen imports them with the page,
 * while the form checks (and zod) load only when a visitor starts on a form.
 */
export type SecondFactorMethod = "totp" | "recovery" | "passkey";

/** Wrong answers a login step takes before it ends and the password is asked again (the audit log says "n of 5"). */
export const MAX_SECOND_FACTOR_FAILURES = 5;

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: "That code is not correct. Check the code in your authenticator app and try again.",
  wrongRecoveryCode: "That recovery code is not correct or has already been used.",
  wrongPasskey: "That passkey was not accepted. Try again, or use a code instead.",
  stepExpired: "Your sign-in has expired. Enter your password again.",
  tooManyTries: "Too many wrong codes. Enter your password again.",
  accountPaused:
    "Too many wrong codes were entered for this account. Signing in with a code is paused for up to an hour; the account has been told by e-mail.",
  passwordWrong: "The password is not correct.",
  totpAlreadyOn: "An authenticator app is already set up. Remove it before setting up another.",
  totpNotStarted: "Start setting up the authenticator app first.",
  totpNotOn: "No authenticator app is set up.",
  staffMustEnrol: "Set up two-factor authentication to use the admin panel.",
  codeNeeded: "Enter the code from your authenticator app, a recovery code, or use a passkey.",
  passkeyUnknown: "This passkey is not registered here. Sign in with your password instead.",
  passkeyStepMissing: "Start again: the passkey request has expired.",
  passkeyNotFound: "Passkey not found.",
  userHasNone: "This user has no second factor to remove.",
} as const;
