/**
 * The texts of the account e-mails: a plain-text part and the HTML content the mailer puts in the site's
 * layout (layout.ts). Links are absolute, built from PUBLIC_URL. Every interpolated value is escaped.
 */
import { actionButton, escapeHtml } from "./layout.ts";
import type { MailMessage } from "./mail-message.ts";

function mail(
  to: string,
  subject: string,
  greeting: string,
  body: string,
  action: string,
  link: string,
  footer: string,
): MailMessage {
  return {
    to,
    subject,
    link,
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footer}\n`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      actionButton(action, link),
      `<p style="font-size:13px;color:#475569;">Or copy this link into your browser: ${escapeHtml(link)}</p>`,
      `<p style="font-size:13px;color:#475569;">${escapeHtml(footer)}</p>`,
    ].join("\n"),
  };
}

export function activationMail(to: string, username: string, link: string): MailMessage {
  return mail(
    to,
    "Activate your account",
    `Hi ${username},`,
    "Welcome! Open this link to activate your account. It is valid for 48 hours.",
    "Activate Account",
    link,
    "If you did not sign up, you can ignore this e-mail.",
  );
}

export function resetMail(to: string, username: string, link: string): MailMessage {
  return mail(
    to,
    "Reset your password",
    `Hi ${username},`,
    "Someone asked to reset your password. Open this link to choose a new one. It is valid for 1 hour and works once.",
    "Reset Password",
    link,
    "If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
  );
}

/** To an address that already has an account, in place of a second account's activation mail. */
export function accountExistsMail(to: string, loginLink: string): MailMessage {
  return mail(
    to,
    "You already have an account",
    "Hello,",
    'Someone tried to sign up with this address, which already has an account. If it was you, log in or use "Forgot password".',
    "Log in",
    loginLink,
    "If it was not you, you can ignore this e-mail; nothing was changed.",
  );
}

/** To the address of a sign-up whose username was taken: no account was created. */
export function usernameTakenMail(to: string, username: string, loginLink: string): MailMessage {
  return mail(
    to,
    "Choose another username",
    "Hello,",
    `The username "${username}" is already taken, so no account was created. Please sign up again with another username.`,
    "Sign up again",
    loginLink,
    "If you did not sign up, you can ignore this e-mail.",
  );
}

/** To the new address staff set for an account: nothing changes until this link is opened. */
export function emailChangeMail(to: string, username: string, link: string): MailMessage {
  return mail(
    to,
    "Confirm your new e-mail address",
    `Hi ${username},`,
    "This address was entered as the new e-mail address of your account. Open this link to confirm it. It is valid for 48 hours and works once.",
    "Confirm E-mail Address",
    link,
    "If you do not know this account, you can ignore this e-mail; nothing changes without your confirmation.",
  );
}

/** To the address in use, while a change waits for the new address's confirmation. */
export function emailChangeNoticeMail(to: string, username: string, loginLink: string): MailMessage {
  return mail(
    to,
    "Your e-mail address is being changed",
    `Hi ${username},`,
    "Staff entered a new e-mail address for your account. Once it is confirmed from the link sent to it, this address is no longer used for your account.",
    "Log in",
    loginLink,
    "If you did not expect this, contact the site owner.",
  );
}

/** To the address an account used until now, once a change staff entered took effect. */
export function emailChangedMail(to: string, username: string, newAddress: string, loginLink: string): MailMessage {
  return mail(
    to,
    "Your e-mail address was changed",
    `Hi ${username},`,
    `The e-mail address of your account is now ${newAddress}. This address is no longer used for your account.`,
    "Log in",
    loginLink,
    "If you did not expect this, contact the site owner at once.",
  );
}

/**
 * To the address an account used before a recent change: what staff just did to how it signs in, so the
 * account's owner hears of it even when the address in use is no longer theirs.
 */
export function formerAddressNoticeMail(to: string, username: string, what: string, loginLink: string): MailMessage {
  return mail(
    to,
    "A change to the account that used this address",
    `Hi ${username},`,
    `${what} You are told at this address too because it was the account's address until a recent change.`,
    "Log in",
    loginLink,
    "If you did not expect this, contact the site owner at once.",
  );
}

/** To an invited person: the account exists, inactive, until they choose a password through the link. */
export function invitationMail(to: string, username: string, link: string, inviter = "The site's staff"): MailMessage {
  return mail(
    to,
    "You are invited",
    "Hello,",
    `${inviter} invited you to an account named "${username}". Open this link to choose your password and activate it. It is valid for 7 days and works once.`,
    "Accept Invitation",
    link,
    "If you did not expect this invitation, you can ignore this e-mail; the account stays inactive.",
  );
}

/** A change to how the account signs in: every enrolment, removal and recovery-code use. */
export function securityNoticeMail(to: string, username: string, what: string, link: string): MailMessage {
  return mail(
    to,
    "Your sign-in security changed",
    `Hi ${username},`,
    what,
    "Review Account Security",
    link,
    "If this was not you, change your password now and tell the site's staff.",
  );
}

/**
 * To an account whose second step was paused after too many wrong codes: whoever entered them knew the
 * password, so the mail says to change it. Sent once per pause.
 */
export function secondFactorPausedMail(to: string, username: string, link: string): MailMessage {
  return mail(
    to,
    "Wrong codes were entered for your account",
    `Hi ${username},`,
    "Someone entered your password, then too many wrong second-factor codes. Signing in to your account with a code is paused for up to an hour. If this was not you, someone knows your password: change it now.",
    "Change Your Password",
    link,
    "If it was you, wait and try again later; nothing else has changed.",
  );
}
