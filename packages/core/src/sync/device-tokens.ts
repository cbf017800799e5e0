/**
 * Device tokens (docs/design.md §3): the desktop app's credential. Named, revocable, stored as a SHA-256
 * hash and shown once. A token acts as its user with the `device` credential, which the registry limits to
 * the sync endpoints and the admin operations (never logging in, signing up, passwords or minting tokens).
 *
 * A device token is a session of a device (docs/security.md, promise 26): minted only with the password asked again; ended
 * by a password change or reset, a deactivation, a deletion and the loss of `website:admin:view`; and it
 * stops working after `deviceTokenIdleMs` without use.
 */
import type { Db } from "../data/schema.ts";
import { Invalid, NotFound } from "../domain/errors.ts";
import { type DeviceTokenView, deviceTokenBodySchema, type IssuedDeviceToken } from "../domain/sync.ts";
import { recordAudit } from "../services/audit.service.ts";
import type { Actor, Core, UserActor } from "../services/context.ts";
import { parseInput } from "../services/parse-input.ts";
import { requireUser } from "../services/policy.ts";
import { secondFactorMissing } from "../services/second-factor/factors.ts";
import { assertDeviceSecondFactor } from "../services/second-factor/login.service.ts";
import { hashToken, newId, newToken, verifyPassword } from "../services/secrets.ts";
import { findUserById, parsePermissions } from "../services/users.table.ts";

/** Recognisable in logs and secret scanners; the random part is 256 bits like every other token. */
export const DEVICE_TOKEN_PREFIX = "pdt_";

/** Refresh last_used_at at most this often, so a sync every 30 s does not write on every request. */
export const LAST_USED_INTERVAL_MS = 60_000;

export async function createDeviceToken(core: Core, actor: Actor, input: unknown): Promise<IssuedDeviceToken> {
  const user = requireUser(actor);
  const { name, password } = parseInput(deviceTokenBodySchema, input);
  const row = await findUserById(core.db, user.id);
  if (!(await verifyPassword(password, row.password_hash))) throw new Invalid("The password is not correct.");
  await assertDeviceSecondFactor(core, user, input);
  const token = `${DEVICE_TOKEN_PREFIX}${newToken()}`;
  const id = newId();
  const createdAt = core.now().toISOString();
  await core.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("device_tokens")
      .values({ id, user_id: user.id, name, token_hash: hashToken(token), created_at: createdAt })
      .execute();
    await recordAudit(core, trx, actor, {
      action: "token.issued",
      targetType: "user",
      targetId: user.id,
      details: { kind: "device", name },
    });
  });
  return { id, name, token, createdAt };
}

/** The caller's own tokens that still work, newest first; never the token. */
export async function listDeviceTokens(core: Core, actor: Actor): Promise<{ tokens: DeviceTokenView[] }> {
  const user = requireUser(actor);
  return { tokens: await workingDeviceTokens(core, user.id) };
}

/**
 * A user's tokens that still work (not revoked, not idle too long), newest first; never the token. For the
 * user's own list and for staff looking at the user's devices.
 */
export async function workingDeviceTokens(core: Core, userId: string): Promise<DeviceTokenView[]> {
  const rows = await core.db
    .selectFrom("device_tokens")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  const now = core.now().getTime();
  const tokens: DeviceTokenView[] = [];
  for (const r of rows) {
    const expiresAt = idleExpiry(core, r);
    if (expiresAt <= now) continue;
    tokens.push({
      id: r.id,
      name: r.name,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      expiresAt: new Date(expiresAt).toISOString(),
    });
  }
  return tokens;
}

/** When a token stops working unless used: the idle limit counts from its last use, or its creation. */
function idleExpiry(core: Core, token: { created_at: string; last_used_at: string | null }): number {
  return Date.parse(token.last_used_at ?? token.created_at) + core.config.deviceTokenIdleMs;
}

/** Revokes one of the caller's own tokens; another user's token is simply not found. */
export async function revokeDeviceToken(core: Core, actor: Actor, id: string): Promise<void> {
  const user = requireUser(actor);
  const trx = core.db;
  const name = await revokeDeviceTokenOf(trx, user.id, id, core.now());
  await recordAudit(core, trx, actor, {
    action: "token.revoked",
    targetType: "user",
    targetId: user.id,
    details: { kind: "device", name },
  });
}

/**
 * Revokes one unrevoked token of this user, in the caller's transaction, and answers its name for the audit
 * entry. A token of another user, or one already revoked, is not found.
 */
export async function revokeDeviceTokenOf(db: Db, userId: string, id: string, at: Date): Promise<string> {
  const row = await db
    .updateTable("device_tokens")
    .set({ revoked_at: at.toISOString() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .returning("name")
    .executeTakeFirst();
  if (!row) throw new NotFound("Device token not found.");
  return row.name;
}

/**
 * The actor behind a Bearer token, or null when it is unknown, revoked, idle too long or its user inactive.
 * Permissions are read from the user row on every request (docs/security.md, promise 9), like a session's.
 */
export async function resolveDeviceToken(core: Core, token: string): Promise<UserActor | null> {
  if (!token.startsWith(DEVICE_TOKEN_PREFIX)) return null;
  const row = await core.db
    .selectFrom("device_tokens")
    .innerJoin("users", "users.id", "device_tokens.user_id")
    .select([
      "device_tokens.id as token_id",
      "device_tokens.created_at",
      "device_tokens.last_used_at",
      "users.id",
      "users.username",
      "users.permissions",
      "users.is_active",
    ])
    .where("device_tokens.token_hash", "=", hashToken(token))
    .where("device_tokens.revoked_at", "is", null)
    .executeTakeFirst();
  if (row?.is_active !== 1) return null;
  if (idleExpiry(core, row) <= core.now().getTime()) return null;
  await touch(core, core.db, row.token_id, row.last_used_at);
  return {
    kind: "user",
    id: row.id,
    username: row.username,
    permissions: parsePermissions(row.permissions),
    credential: "device",
    secondFactorMissing: await secondFactorMissing(core.db, row.id, parsePermissions(row.permissions)),
  };
}

async function touch(core: Core, db: Db, id: string, lastUsedAt: string | null): Promise<void> {
  const now = core.now();
  if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < LAST_USED_INTERVAL_MS) return;
  await db.updateTable("device_tokens").set({ last_used_at: now.toISOString() }).where("id", "=", id).execute();
}
