import type { AdminUser, AdminUsersAnswer } from "../domain/api-types.ts";
import { Conflict, Invalid } from "../domain/errors.ts";
import { usersQuerySchema } from "../domain/users-query.ts";
import { parseUserUpdate } from "../domain/validation.ts";
import { changedFields, recordAudit } from "./audit.service.ts";
import { mailAccountLink } from "./auth.service.ts";
import { type Actor, actorName, type Core } from "./context.ts";
import { link } from "./mail/links.ts";
import { formerAddressNoticeMail } from "./mail/templates.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan, can } from "./policy.ts";
import { membershipOf, rankFor } from "./roles.service.ts";
import { endUserSessions, losesDeviceAccess, revokeUserDeviceTokens } from "./sessions.service.ts";
import { supersedeAllTokens } from "./tokens.service.ts";
import {
  activateUser,
  deactivateUser,
  deleteUserRow,
  findUserById,
  parsePermissions,
  recentPreviousAddress,
  setPendingEmail,
  setUserNameAndPermissions,
  toAdminUser,
  userKey,
  usernameTaken,
} from "./users.table.ts";
import { allUserRows, filteredTotal, userRowsPage } from "./users-page.table.ts";

/**
 * `GET /api/admin/users`. Without paging parameters: every user (the spec's answer). With any of them: one
 * page in the same order, `next`, and `total` where the counters can tell.
 */
export async function listUsers(core: Core, actor: Actor, input: unknown = {}): Promise<AdminUsersAnswer> {
  assertCan(actor, "users.view");
  const query = parseInput(usersQuerySchema, input);
  const paging = Object.values(query).some((value) => value !== undefined);
  if (!paging) return { users: (await allUserRows(core.db)).map(toAdminUser) };
  const { rows, next } = await userRowsPage(core.db, query);
  const total = await filteredTotal(core.db, query);
  return { users: rows.map(toAdminUser), next, ...(total === undefined ? {} : { total }) };
}

/** PATCH /api/admin/users/{id}: either activation (isActive) or username and permissions. */
export async function updateUser(core: Core, actor: Actor, id: string, input: unknown): Promise<AdminUser> {
  assertCan(actor, "users.edit");
  const parsed = parseUserUpdate(input);
  if (!parsed.success) throw new Invalid(parsed.error);
  const update = parsed.data;
  // Serializable: the permission checks, the free-name check and the role membership read must still hold
  // when the write commits, whatever another admin or instance does meanwhile.
  const trx = core.db;
  const target = await findUserById(trx, id);
  const before = toAdminUser(target);
  assertCan(actor, "users.edit", { id, permissions: before.permissions });
  const now = core.now().toISOString();
  if (update.kind === "active") {
    if (update.isActive) {
      // Only here, by staff allowed to edit this user, does a deactivated account come back (docs/security.md, promise 33).
      await activateUser(trx, id, now);
    } else {
      await deactivateUser(trx, id, now);
      // docs/security.md, promises 2, 26 and 33: deactivating a user ends all their sessions, device tokens and mailed links.
      await endUserSessions(trx, id, core.now());
      await supersedeAllTokens(core, trx, id);
      // Its confirmation link just ended, so the address waiting for it is withdrawn too.
      await setPendingEmail(trx, id, null, now);
    }
    await recordAudit(core, trx, actor, {
      action: update.isActive ? "user.activate" : "user.deactivate",
      targetType: "user",
      targetId: id,
      details: {
        username: before.username,
        before: { isActive: before.isActive },
        after: { isActive: update.isActive },
      },
    });
  } else {
    assertCan(actor, "permissions.change", { before: before.permissions, after: update.permissions });
    if (userKey(update.username) !== target.username_key && (await usernameTaken(trx, update.username)))
      throw new Conflict("That username is already taken.");
    // Membership is set on every save: exactly a role's set makes the user its member, else none.
    const roleKey = await membershipOf(trx, update.permissions);
    await setUserNameAndPermissions(trx, id, { ...update, roleKey, rank: await rankFor(trx, update.permissions) }, now);
    // docs/security.md, promise 26: without the admin panel, the desktop app's tokens end too.
    if (losesDeviceAccess(id, before.permissions, update.permissions))
      await revokeUserDeviceTokens(trx, [id], core.now());
    const diff = changedFields(
      { username: before.username, permissions: before.permissions },
      { username: update.username, permissions: update.permissions },
    );
    await recordAudit(core, trx, actor, {
      action: "user.edit",
      targetType: "user",
      targetId: id,
      details: { username: update.username, ...diff },
    });
  }
  return adminUserFor(actor, await findUserById(trx, id));
}

/**
 * A user as an admin call answers it: addresses (in use and pending) only for those who may see users
 *, not for whoever may only edit one they name.
 */
export function adminUserFor(actor: Actor, row: Parameters<typeof toAdminUser>[0]): AdminUser {
  const { email, pendingEmail, ...user } = toAdminUser(row);
  if (!can(actor, "users.view")) return user;
  return pendingEmail === undefined ? { ...user, email } : { ...user, email, pendingEmail };
}

export async function deleteUser(core: Core, actor: Actor, id: string): Promise<void> {
  assertCan(actor, "users.delete");
  const trx = core.db;
  const target = await findUserById(trx, id);
  assertCan(actor, "users.delete", { id, permissions: parsePermissions(target.permissions) });
  // Sessions and tokens go with the user (ON DELETE CASCADE): deleting a user ends all their sessions.
  await deleteUserRow(trx, id);
  await recordAudit(core, trx, actor, {
    action: "user.delete",
    targetType: "user",
    targetId: id,
    details: { before: toAdminUser(target) },
  });
}

/** Mails a reset link to a user; not for owners or inactive users. */
export async function requestUserPasswordReset(core: Core, actor: Actor, id: string): Promise<{ message: string }> {
  assertCan(actor, "users.resetPassword");
  const target = await findUserById(core.db, id);
  const permissions = parsePermissions(target.permissions);
  assertCan(actor, "users.resetPassword", { id, permissions, isActive: target.is_active === 1 });
  await mailAccountLink(core, actor, target);
  await recordAudit(core, core.db, actor, {
    action: "user.password_reset_requested",
    targetType: "user",
    targetId: id,
    details: { username: target.username },
  });
  // The link goes to the address in use; one changed lately is told too (docs/security.md, "staff").
  const former = recentPreviousAddress(target, core.now());
  if (former) {
    const what = `${actorName(actor)} sent a link to choose a new password for your account to ${target.email}.`;
    core.mailer.enqueue(formerAddressNoticeMail(former, target.username, what, link(core, "/login")));
  }
  return { message: "Password reset email sent successfully" };
}
