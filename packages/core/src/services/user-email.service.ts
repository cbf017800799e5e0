/**
 * Staff correct a user's e-mail address. The new address is not used at once: it waits as the
 * user's pending address until its owner opens the single-use link mailed to it, which applies it in one
 * transaction (uniqueness checked again). The address in use gets a short notice meanwhile. A deactivated
 * account gets no mail, and no confirmation works for it (docs/security.md, promise 33).
 */
import { isUniqueViolation, serializableTransaction } from "../data/dialect.ts";
import type { AdminUser } from "../domain/api-types.ts";
import { Conflict, Forbidden, Invalid } from "../domain/errors.ts";
import { MESSAGES } from "../domain/messages.ts";
import { EMAIL_CHANGE_DEACTIVATED } from "../domain/policy/index.ts";
import { emailConfirmBodySchema, userEmailChangeSchema } from "../domain/validation.ts";
import { recordAudit } from "./audit.service.ts";
import { linkHolder } from "./auth.service.ts";
import type { Actor, Core } from "./context.ts";
import { EMAIL_CONFIRM_PATH, link } from "./mail/links.ts";
import type { MailMessage } from "./mail/mail-message.ts";
import { emailChangedMail, emailChangeMail, emailChangeNoticeMail } from "./mail/templates.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { checkToken, consumeToken, issueToken } from "./tokens.service.ts";
import { adminUserFor } from "./users.service.ts";
import {
  applyEmail,
  emailTakenByOther,
  findUserById,
  isDeactivated,
  parsePermissions,
  setPendingEmail,
  userKey,
} from "./users.table.ts";

export const EMAIL_UNCHANGED = "That is already this user's e-mail address.";
/** The policy's refusal (users.email on a deactivated account), so the panel shows the same reason. */
export const EMAIL_DEACTIVATED = EMAIL_CHANGE_DEACTIVATED;
/** At confirmation: another account took the address after staff entered it. */
export const EMAIL_TAKEN_SINCE =
  "That e-mail address is now used by another account, so it cannot be confirmed. Ask staff for another change.";

/** POST /api/admin/users/{id}/email: stores the address as pending and mails the confirmation link to it. */
export async function requestEmailChange(core: Core, actor: Actor, id: string, input: unknown): Promise<AdminUser> {
  assertCan(actor, "users.email");
  const { email } = parseInput(userEmailChangeSchema, input);
  // Serializable: the permission check and the free-address check must still hold when the write commits.
  const { row, token } = await serializableTransaction(core.db, async (trx) => {
    const target = await findUserById(trx, id);
    const permissions = parsePermissions(target.permissions);
    assertCan(actor, "users.email", { id, permissions, deactivated: isDeactivated(target) });
    if (userKey(email) === target.email_key) throw new Invalid(EMAIL_UNCHANGED);
    if (await emailTakenByOther(trx, email, id)) throw new Conflict(MESSAGES.emailTaken);
    const now = core.now().toISOString();
    await setPendingEmail(trx, id, email, now);
    // Only the newest link works: a second correction supersedes the first one's link.
    const issued = await issueToken(core, trx, "email", id);
    await recordAudit(core, trx, actor, {
      action: "user.email_change_requested",
      targetType: "user",
      targetId: id,
      details: { username: target.username, before: { email: target.email }, after: { email } },
    });
    await recordAudit(core, trx, actor, {
      action: "token.issued",
      targetType: "user",
      targetId: id,
      details: { kind: "email", username: target.username },
    });
    return { row: await findUserById(trx, id), token: issued };
  });
  // Staff wait for the confirmation mail, so a delivery failure reaches the admin panel; the notice to the
  // address in use follows after the answer.
  await core.mailer.send(emailChangeMail(email, row.username, link(core, EMAIL_CONFIRM_PATH, token)));
  core.mailer.enqueue(emailChangeNoticeMail(row.email, row.username, link(core, "/login")));
  return adminUserFor(actor, row);
}

/** Whether a confirmation link still works, without using it up (the confirmation page asks as it opens). */
export async function checkEmailChangeToken(core: Core, input: unknown): Promise<{ message: string }> {
  const { token } = parseInput(emailConfirmBodySchema, input);
  const userId = await checkToken(core, core.db, "email", token);
  if (isDeactivated(await findUserById(core.db, userId))) throw new Forbidden(MESSAGES.accountDeactivated);
  return { message: MESSAGES.emailChangeTokenUsable };
}

/** POST /api/confirm-email: the pending address becomes the one in use, in the transaction that uses the link. */
export async function confirmEmailChange(core: Core, input: unknown): Promise<{ message: string }> {
  const { token } = parseInput(emailConfirmBodySchema, input);
  let notice: MailMessage | undefined;
  try {
    const trx = core.db;
    const userId = await consumeToken(core, trx, "email", token);
    const row = await findUserById(trx, userId);
    if (isDeactivated(row)) throw new Forbidden(MESSAGES.accountDeactivated);
    const pending = row.pending_email;
    if (pending === null) throw new Invalid(MESSAGES.tokenInvalid);
    if (await emailTakenByOther(trx, pending, userId)) throw new Conflict(EMAIL_TAKEN_SINCE);
    await applyEmail(trx, userId, pending, core.now().toISOString());
    await recordAudit(core, trx, await linkHolder(trx, userId), {
      action: "user.email_changed",
      targetType: "user",
      targetId: userId,
      details: { username: row.username, before: { email: row.email }, after: { email: pending } },
    });
    // The address it replaces is told the change took effect (docs/security.md, "staff"): a change entered
    // by staff never leaves the account's owner unaware.
    notice = emailChangedMail(row.email, row.username, pending, link(core, "/login"));
  } catch (error) {
    // Another account took the address between the check and the write (the unique key decides).
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN_SINCE);
    throw error;
  }
  if (notice) core.mailer.enqueue(notice);
  return { message: MESSAGES.emailChangeConfirmed };
}
