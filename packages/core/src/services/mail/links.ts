/**
 * The links e-mails carry: a site page under PUBLIC_URL, with the mailed token if there is one. Its own
 * module so every service that mails a link imports it without importing another service.
 */
import type { Core } from "../context.ts";

/** The site pages that open an invitation and an address confirmation (apps/site). */
export const INVITATION_PATH = "/accept-invitation";
export const EMAIL_CONFIRM_PATH = "/confirm-email";
/** The account page's security section, where a second factor is managed. */
export const ACCOUNT_SECURITY_PATH = "/account#security";

export function link(core: Pick<Core, "config">, path: string, token?: string): string {
  const base = `${core.config.publicUrl.replace(/\/+$/, "")}${path}`;
  return token === undefined ? base : `${base}?token=${encodeURIComponent(token)}`;
}
