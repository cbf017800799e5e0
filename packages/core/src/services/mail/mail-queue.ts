/**
 * Mail sent after the answer (docs/security.md, promise 25): a request that mails only issues its token and audit row, queues
 * the message and answers, so a known address costs no more time than an unknown one. Mails go out one
 * at a time in the background; a failure is logged (subject and recipient, never the link or its token)
 * and does not stop the next mail. `drain()` waits for the queue: tests read the outbox after it, and
 * shutdown calls it so no queued mail is lost to a clean stop.
 */
import type { CoreObserver } from "../observer.ts";
import type { MailMessage } from "./mail-message.ts";

/**
 * A queued mail starts this long after it was queued: past the current request's answer and the next turn
 * of the event loop, so composing and writing the mail never competes with the answer on its way out.
 */
const START_DELAY_MS = 50;

export interface MailQueue {
  /** Sends in the background, after the current request has answered. */
  enqueue(message: MailMessage): void;
  /** Resolves once every queued mail has been sent or has failed. */
  drain(): Promise<void>;
  /** Mails queued and not yet sent or failed (the metrics' queue depth). */
  queued(): number;
}

/** The error's text without the mail's link, tokens or credentials an SMTP URL may carry. */
function safeReason(error: unknown, message: MailMessage): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split(message.link)
    .join("[link]")
    .replace(/token=[^\s&"'<>]+/gi, "token=[hidden]")
    .replace(/\/\/[^/\s@]*@/g, "//[credentials]@")
    .slice(0, 300);
}

export function createMailQueue(
  send: (message: MailMessage) => Promise<void>,
  log: (line: string) => void,
  observe?: CoreObserver,
): MailQueue {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    enqueue(message) {
      pending++;
      tail = tail
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, START_DELAY_MS)))
        .then(() => send(message))
        .catch((error: unknown) => {
          log(`Mail "${message.subject}" to ${message.to} could not be sent: ${safeReason(error, message)}`);
          observe?.mailFailed?.();
        })
        .finally(() => {
          pending--;
        });
    },
    async drain() {
      // A mail queued while draining is waited for too.
      while (pending > 0) await tail;
    },
    queued: () => pending,
  };
}
