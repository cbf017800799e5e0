/** The texts of the account e-mails. Links are absolute, built from PUBLIC_URL. */
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

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
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p><p>${escapeHtml(footer)}</p>`,
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
