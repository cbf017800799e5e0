/** Exact texts of spec sections 5 and 8, defined once for the UI, the server and the tests. */
import { HOME_MESSAGES } from "./home-messages.ts";
import { PLAYLIST_MESSAGES } from "./playlist-messages.ts";

export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt reads only the first 72 bytes of a password; longer input is refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

export const MESSAGES = {
  loginRequired: "Please enter both username and password.",
  loginFailed: "Invalid username or password.",
  unexpected: "An unexpected error occurred.",
  forgotRequired: "Please enter your email address.",
  // Says no more than is true: the answer is the same whether or not the address has an account (docs/security.md, promise 6).
  forgotSent: "If an account uses this address, we have sent a link.",
  forgotFailed: "Failed to send reset email.",
  fillAllFields: "Please fill in all fields.",
  passwordsMismatch: "Passwords do not match.",
  passwordTooShort: "Password must be at least 6 characters long.",
  signupFailed: "Failed to create account.",
  resetSuccess: "Password reset successfully! Redirecting to login...",
  resetFailed: "Failed to reset password.",
  resetLinkInvalid: "Invalid reset link. Please request a new password reset.",
  resetTokenInvalid: "Invalid reset token.",
  resetTokenUsable: "This reset link can be used.",
  activationSuccess: "Account activated successfully! You can now log in.",
  activationFailed: "Failed to activate account.",
  activationLinkInvalid: "Invalid activation link. Please check your email or sign up again.",
  ...HOME_MESSAGES,
  ...PLAYLIST_MESSAGES,
  // Server-only messages (not in the spec, written to be clear to a user).
  accountInactive: "Your account is not activated yet. Please check your email for the activation link.",
  /** Staff deactivated the account (docs/security.md, promise 33): not the never-activated state, and no link brings it back. */
  accountDeactivated: "This account has been deactivated. Contact the site owner.",
  tooManyLogins: "Too many login attempts. Please wait a few minutes and try again.",
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
  tooManyPasswordTries: "Too many wrong passwords. Please wait a few minutes and try again.",
  emailChangeTokenUsable: "This confirmation link can be used.",
  emailChangeConfirmed: "Your e-mail address is confirmed. Use it from now on to log in and to get mail from us.",
  emailChangeLinkInvalid:
    "Invalid confirmation link. Please open the link from the e-mail we sent to your new address.",
  invitationTokenUsable: "This invitation can be used.",
  invitationLinkInvalid: "Invalid invitation link. Please open the link from your invitation e-mail.",
  emailTaken: "That e-mail address is already used by another account.",
  usernameTaken: "That username is already taken.",
  tokenInvalid: "This link is invalid or has already been used. Please request a new one.",
  tokenExpired: "This link has expired. Please request a new one.",
  /** The same at sign-up, reset, password change and login, where today's bcrypt would cut the rest off. */
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_BYTES} bytes long.`,
} as const;

/** What the invited person reads once their password is set: the account is theirs, under this name. */
export function invitationAcceptedMessage(username: string): string {
  return `Your account is ready. You can now log in as ${username}.`;
}

/** Sign-up's one message: the account exists but must be activated from the mail before logging in. */
export function signupSuccessMessage(address: string): string {
  return `Account created. We sent an activation link to ${address}. Open it, then log in.`;
}
