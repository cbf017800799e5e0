/**
 * Outgoing mail through nodemailer: an SMTP server when SMTP_URL is set, otherwise one RFC 822 `.eml`
 * file per message in the outbox folder (the embedded default, so sign-up works with no mail server).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { newId } from "../secrets.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail carries; logged for the file outbox outside production. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  /** Log outbox links (SECURITY 14: outside production only). */
  logLinks: boolean;
  log: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log(
        options.logLinks
          ? `Mail "${message.subject}" written to ${file}: ${message.link}`
          : `Mail "${message.subject}" written to ${file}`,
      );
    },
  };
}
