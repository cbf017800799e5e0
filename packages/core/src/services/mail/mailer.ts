/**
 * Outgoing mail through nodemailer: an SMTP server when SMTP_URL is set, otherwise one RFC 822 `.eml`
 * file per message in the outbox folder (the embedded default, so sign-up works with no mail server).
 */
// `promises` of node:fs, read where used: node:fs/promises costs a start time before it listens, for the
// first mail (docs/performance.md, "Start").
import { promises as fs } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { CoreObserver } from "../observer.ts";
import { newId } from "../secrets.ts";
import { brandedHtml, senderAddress, senderName } from "./layout.ts";
import type { MailMessage } from "./mail-message.ts";
import { createMailQueue, type MailQueue } from "./mail-queue.ts";

/**
 * `send` delivers now and reports failure to the caller (an admin's "send reset mail"); `enqueue` delivers
 * after the answer, for calls whose timing must not reveal whether an account exists.
 */
export interface Mailer extends MailQueue {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  /** MAIL_FROM: its address sends every mail; its name stands in when the site has no display name. */
  from: string;
  /**
   * The site's display name (the site profile's owner name), read for each mail so a renamed site signs its
   * next mail with the new name.
   */
  displayName?: () => Promise<string | undefined>;
  /** The site's address (PUBLIC_URL), named in the layout's footer; read when each mail leaves. */
  siteUrl?: () => string;
  /** Log outbox links (docs/security.md, promise 14: outside production only). */
  logLinks: boolean;
  log: (line: string) => void;
  /** Told of each queued mail that could not be sent (the server's metrics). */
  observe?: CoreObserver;
}

/** nodemailer is loaded on the first mail, not at start-up: most requests never send one. */
async function loadNodemailer() {
  return (await import("nodemailer")).default;
}

export function createMailer(options: MailerOptions): Mailer {
  let transport: Promise<Transporter> | undefined;
  const getTransport = () => {
    transport ??= loadNodemailer().then((nodemailer) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    );
    return transport;
  };
  /** The display name when it can be read; a failed read still sends the mail, under MAIL_FROM's name. */
  const brandName = async (): Promise<string | undefined> => {
    try {
      return (await options.displayName?.())?.trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const send = async (message: MailMessage): Promise<void> => {
    const name = (await brandName()) ?? senderName(options.from) ?? "Portfolio";
    const envelope = {
      // An address object: nodemailer quotes and encodes the name, so no display name can forge a header.
      from: { name, address: senderAddress(options.from) },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: brandedHtml({ name, siteUrl: options.siteUrl?.() ?? "" }, message.subject, message.html),
    };
    const info = await (await getTransport()).sendMail(envelope);
    if (options.smtpUrl) return;
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId()}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    options.log(
      options.logLinks
        ? `Mail "${message.subject}" written to ${file}: ${message.link}`
        : `Mail "${message.subject}" written to ${file}`,
    );
  };
  return { send, ...createMailQueue(send, options.log, options.observe) };
}
