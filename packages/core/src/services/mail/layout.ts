/**
 * The look every account e-mail shares: the site's display name as its header and sender, the message's own
 * HTML in a plain card. Mail clients ignore style sheets, so the styles are inline and the layout is tables.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export interface MailBrand {
  /** The site's display name (the site profile's owner name), shown as the sender and the mail's header. */
  name: string;
  /** The site's address, named in the footer. */
  siteUrl: string;
}

/** A whole HTML document around `content` (already escaped HTML); every other interpolated value is escaped. */
export function brandedHtml(brand: MailBrand, subject: string, content: string): string {
  const name = escapeHtml(brand.name);
  const site = escapeHtml(brand.siteUrl);
  const from = site ? ` from <a href="${site}" style="color:#4f46e5;">${site}</a>` : "";
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    "<body style=\"margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;\">",
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">',
    `<tr><td style="background:#4f46e5;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:600;">${name}</td></tr>`,
    `<tr><td style="padding:28px;color:#0f172a;font-size:15px;line-height:1.6;">${content}</td></tr>`,
    `<tr><td style="padding:16px 28px 24px;color:#64748b;font-size:12px;line-height:1.5;border-top:1px solid #e2e8f0;">Sent by ${name}${from}.</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("\n");
}

/** A button-like link for the mail's one action. */
export function actionButton(label: string, href: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">${escapeHtml(label)}</a></p>`;
}

/** The address part of a From value ('Portfolio <no-reply@host>' or a bare address). */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The name part of a From value, when it has one. */
export function senderName(from: string): string | undefined {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim();
  return name ? name : undefined;
}
