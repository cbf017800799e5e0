/**
 * One outgoing mail, as the templates write it, the queue holds it and the mailer sends it. It has a file of
 * its own so the queue and the mailer, which wraps the queue, both depend on it without depending on each
 * other (docs/design.md section 8: no import circles).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The message's HTML content; the mailer puts it in the site's layout. */
  html: string;
  /** The one link the mail carries; logged for the file outbox outside production. */
  link: string;
}
