/**
 * Staff invite a user by e-mail: the account is created inactive, with no usable password, and
 * a single-use invitation link (7 days) goes to the address; the invited person chooses the password through
 * it, which activates the account in one transaction. What the account holds follows the grant rule of a
 * user edit: nobody grants what they do not hold, and never override:owner.
 */
import { isUniqueViolation, serializableTransaction } from "../data/dialect.ts";
import type { Db } from "../data/schema.ts";
import type { AdminUser } from "../domain/api-types.ts";
import { Conflict, Forbidden } from "../domain/errors.ts";
import { invitationAcceptedMessage, MESSAGES } from "../domain/messages.ts";
import { invitationAcceptBodySchema, invitationCheckBodySchema, userInviteSchema } from "../domain/validation.ts";
import { recordAudit } from "./audit.service.ts";
import { linkHolder } from "./auth.service.ts";
import type { Actor, Core } from "./context.ts";
import { INVITATION_PATH, link } from "./mail/links.ts";
import { invitationMail } from "./mail/templates.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { membershipOf, rankFor, rolePermissions } from "./roles.service.ts";
import { hashPassword, newId, newToken } from "./secrets.ts";
import { checkToken, consumeToken, issueToken } from "./tokens.service.ts";
import { adminUserFor } from "./users.service.ts";
import {
  activateUser,
  findUserById,
  findUsersByNameOrEmail,
  insertUser,
  isDeactivated,
  isInvitationPending,
  parsePermissions,
  setUserPassword,
  userKey,
} from "./users.table.ts";

/** POST /api/admin/users/invite: creates the inactive account and mails the invitation; answers the user (201). */
export async function inviteUser(core: Core, actor: Actor, input: unknown): Promise<AdminUser> {
  const inviter = assertCan(actor, "users.invite");
  const { username, email, permissions } = parseInput(userInviteSchema, input);
  // A password nobody knows (a random token, hashed): the account cannot be logged into until the invited
  // person chooses one through the link.
  const unusableHash = await hashPassword(newToken(), core.config.bcryptCost);
  const id = newId();
  try {
    const { row, token } = await serializableTransaction(core.db, async (trx) => {
      // What a sign-up gets (the user role's set) needs no grant; anything else is a permission change.
      assertCan(actor, "permissions.change", { before: await rolePermissions(trx, "user"), after: permissions });
      const taken = await findUsersByNameOrEmail(trx, username, email);
      if (taken.some((u) => u.username_key === userKey(username))) throw new Conflict(MESSAGES.usernameTaken);
      if (taken.length > 0) throw new Conflict(MESSAGES.emailTaken);
      const now = core.now().toISOString();
      await insertUser(trx, {
        id,
        username,
        email,
        password_hash: unusableHash,
        permissions: JSON.stringify(permissions),
        role_key: await membershipOf(trx, permissions),
        rank: await rankFor(trx, permissions),
        is_active: 0,
        invited_at: now,
        created_at: now,
        updated_at: now,
      });
      const issued = await issueToken(core, trx, "invitation", id);
      await recordAudit(core, trx, actor, {
        action: "user.invite",
        targetType: "user",
        targetId: id,
        details: { username, after: { email, permissions } },
      });
      await recordAudit(core, trx, actor, {
        action: "token.issued",
        targetType: "user",
        targetId: id,
        details: { kind: "invitation", username },
      });
      return { row: await findUserById(trx, id), token: issued };
    });
    // Queued like a sign-up's mail: the account exists either way, and a new link can be asked for later.
    core.mailer.enqueue(invitationMail(email, username, link(core, INVITATION_PATH, token), inviter.username));
    return adminUserFor(actor, row);
  } catch (error) {
    // Another request took the name or the address between the check and the insert.
    if (isUniqueViolation(error))
      throw new Conflict("That username or e-mail address was just taken by another account.");
    throw error;
  }
}

export const INVITATION_NOT_PENDING =
  "This user has no invitation waiting (it was accepted, the account was activated or deactivated, or they signed up themselves): there is nothing to send again.";

/**
 * POST /api/admin/users/{id}/invitation: a new single-use invitation link for an invitation still waiting
 *, mailed to the user's address; the link sent before stops working. Answers the user.
 */
export async function resendInvitation(core: Core, actor: Actor, id: string): Promise<AdminUser> {
  const sender = assertCan(actor, "users.invitation.resend");
  const { row, token } = await core.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, id);
    assertCan(actor, "users.invitation.resend", { id, permissions: parsePermissions(target.permissions) });
    if (!isInvitationPending(target)) throw new Conflict(INVITATION_NOT_PENDING);
    const issued = await issueToken(core, trx, "invitation", id);
    await recordAudit(core, trx, actor, {
      action: "user.invitation_resent",
      targetType: "user",
      targetId: id,
      details: { username: target.username },
    });
    await recordAudit(core, trx, actor, {
      action: "token.issued",
      targetType: "user",
      targetId: id,
      details: { kind: "invitation", username: target.username },
    });
    return { row: target, token: issued };
  });
  // Staff wait for this mail (they asked for it again), so a delivery failure reaches the panel.
  await core.mailer.send(invitationMail(row.email, row.username, link(core, INVITATION_PATH, token), sender.username));
  return adminUserFor(actor, row);
}

/** A link for an invitation that can still be accepted: not deactivated since, not accepted already. */
async function invitedUser(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (isDeactivated(row)) throw new Forbidden(MESSAGES.accountDeactivated);
  return row;
}

/** Whether an invitation link still works, without using it up (the invitation page asks as it opens). */
export async function checkInvitation(core: Core, input: unknown): Promise<{ message: string }> {
  const { token } = parseInput(invitationCheckBodySchema, input);
  await invitedUser(core.db, await checkToken(core, core.db, "invitation", token));
  return { message: MESSAGES.invitationTokenUsable };
}

/** POST /api/accept-invitation: sets the chosen password and activates the account, using the link up. */
export async function acceptInvitation(core: Core, input: unknown): Promise<{ message: string }> {
  const { token, password } = parseInput(invitationAcceptBodySchema, input);
  const passwordHash = await hashPassword(password, core.config.bcryptCost);
  const username = await core.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(core, trx, "invitation", token);
    const row = await invitedUser(trx, userId);
    const now = core.now().toISOString();
    await setUserPassword(trx, userId, passwordHash, now);
    await activateUser(trx, userId, now);
    await recordAudit(core, trx, await linkHolder(trx, userId), {
      action: "auth.invitation_accepted",
      targetType: "user",
      targetId: userId,
      details: { username: row.username },
    });
    return row.username;
  });
  return { message: invitationAcceptedMessage(username) };
}
