/**
 * A user's devices as staff see them in the Users tab (docs/security.md, promise 26): desktop app tokens and browser sessions,
 * listed and ended by staff with users:edit, the owner's only by the owner (the policy's `users.devices`).
 * Revoking a token is audited like the user's own revocation, and ending a session too, both naming the
 * user; neither an audit entry nor an answer holds a token or its hash.
 */
import type { UserRow } from "../data/schema.ts";
import type { SessionView } from "../domain/api-types.ts";
import type { DeviceTokenView } from "../domain/sync.ts";
import { revokeDeviceTokenOf, workingDeviceTokens } from "../sync/device-tokens.ts";
import { recordAudit } from "./audit.service.ts";
import type { Actor, Core } from "./context.ts";
import { assertCan } from "./policy.ts";
import { endSessionOf, sessionsOf } from "./sessions.service.ts";
import { findUserById, parsePermissions } from "./users.table.ts";

function devicesTarget(row: UserRow) {
  return { id: row.id, permissions: parsePermissions(row.permissions) };
}

export async function listUserDeviceTokens(
  core: Core,
  actor: Actor,
  userId: string,
): Promise<{ tokens: DeviceTokenView[] }> {
  assertCan(actor, "users.devices");
  const target = await findUserById(core.db, userId);
  assertCan(actor, "users.devices", devicesTarget(target));
  return { tokens: await workingDeviceTokens(core, userId) };
}

export async function revokeUserDeviceToken(core: Core, actor: Actor, userId: string, tokenId: string): Promise<void> {
  assertCan(actor, "users.devices");
  const trx = core.db;
  const target = await findUserById(trx, userId);
  assertCan(actor, "users.devices", devicesTarget(target));
  const name = await revokeDeviceTokenOf(trx, userId, tokenId, core.now());
  await recordAudit(core, trx, actor, {
    action: "token.revoked",
    targetType: "user",
    targetId: userId,
    details: { kind: "device", name, username: target.username },
  });
}

export async function listUserSessions(core: Core, actor: Actor, userId: string): Promise<{ sessions: SessionView[] }> {
  const viewer = assertCan(actor, "users.devices");
  const target = await findUserById(core.db, userId);
  assertCan(actor, "users.devices", devicesTarget(target));
  return { sessions: await sessionsOf(core, userId, viewer.sessionId) };
}

export async function endUserSession(core: Core, actor: Actor, userId: string, sessionId: string): Promise<void> {
  assertCan(actor, "users.devices");
  const trx = core.db;
  const target = await findUserById(trx, userId);
  assertCan(actor, "users.devices", devicesTarget(target));
  const userAgent = await endSessionOf(trx, userId, sessionId);
  await recordAudit(core, trx, actor, {
    action: "session.ended",
    targetType: "user",
    targetId: userId,
    details: { username: target.username, userAgent },
  });
}
