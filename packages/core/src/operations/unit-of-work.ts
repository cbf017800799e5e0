/**
 * The one transaction an operation's writes run in, opened by the runner (run-operation.ts) and handed to
 * the handler as `core.db`, so a service never opens its own (docs/design.md §4: every multi-row change is one
 * transaction). Mail the work queues (`core.mailer.enqueue`) leaves once the transaction has committed: a
 * change rolled back never mails a link to a token it did not keep, and a serializable retry does not queue
 * its mail twice.
 */
import type { Transaction } from "kysely";
import { serializableTransaction } from "../data/dialect.ts";
import type { Database } from "../data/schema.ts";
import type { Core } from "../services/context.ts";
import type { MailMessage } from "../services/mail/mail-message.ts";
import type { Mailer } from "../services/mail/mailer.ts";

/** The core's mailer, but queued mail is held for after the commit; `send` (an answer waits on it) goes now. */
function holdingMailer(mailer: Mailer, hold: (message: MailMessage) => void): Mailer {
  return {
    send: (message) => mailer.send(message),
    enqueue: hold,
    drain: () => mailer.drain(),
    queued: () => mailer.queued(),
  };
}

export async function inTransaction<T>(
  core: Core,
  serializable: boolean,
  work: (core: Core) => Promise<T>,
): Promise<T> {
  let held: MailMessage[] = [];
  const attempt = (trx: Transaction<Database>) => {
    // A serializable retry starts again from nothing: the mail of the attempt that failed is dropped.
    held = [];
    const mailer = holdingMailer(core.mailer, (message) => held.push(message));
    return work({ ...core, db: trx, mailer });
  };
  const result = serializable
    ? await serializableTransaction(core.db, attempt)
    : await core.db.transaction().execute(attempt);
  for (const message of held) core.mailer.enqueue(message);
  return result;
}
