/** One e-mail as the services compose it, before the mailer puts it in the site's layout and sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The message's HTML content; the mailer puts it in the site's layout. */
  html: string;
  /** The one link the mail carries; logged for the file outbox outside production. */
  link: string;
}
