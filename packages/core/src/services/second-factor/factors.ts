/**
 * What second factors a user holds, and checking each one: an authenticator code (never the same step twice),
 * a recovery code (once), a passkey's answer. Used by the login's second step, by minting a device token and
 * by turning the authenticator off.
 */
import type { Db } from "../../data/schema.ts";
import { hasPermission, OWNER_OVERRIDE } from "../../domain/permissions.ts";
import type { SecondFactorMethod } from "../../domain/second-factor.ts";
import type { Core } from "../context.ts";
import { newId } from "../secrets.ts";
import { getSetting } from "../settings.service.ts";
import { newRecoveryCode, storedRecoveryCode } from "./recovery-codes.ts";
import { openTotpSecret } from "./secret-box.ts";
import { matchTotpStep } from "./totp.ts";

export const REQUIRE_STAFF_SETTING = "security.requireSecondFactorForStaff";
export const RECOVERY_CODE_COUNT = 10;

/** The methods a user can use as a second factor, in the order the login screen offers them. */
export async function secondFactorMethods(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const totp = await db
    .selectFrom("user_totp")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  const recovery = await db
    .selectFrom("recovery_codes")
    .select("id")
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  const passkey = await db.selectFrom("passkeys").select("id").where("user_id", "=", userId).executeTakeFirst();
  const methods: SecondFactorMethod[] = [];
  if (totp) methods.push("totp");
  if (recovery && (totp || passkey)) methods.push("recovery");
  if (passkey) methods.push("passkey");
  return methods;
}

export async function staffRequirementOn(db: Db): Promise<boolean> {
  return (await getSetting<boolean>(db, REQUIRE_STAFF_SETTING)) === true;
}

/** Staff (website:admin:view) without a second factor while the owner requires one (docs/security.md, promise 30). */
export async function secondFactorMissing(db: Db, userId: string, permissions: readonly string[]): Promise<boolean> {
  if (!hasPermission(permissions, "website:admin:view")) return false;
  if (!(await staffRequirementOn(db))) return false;
  const methods = await secondFactorMethods(db, userId);
  return !methods.includes("totp") && !methods.includes("passkey");
}

/**
 * How many staff who can sign in (active holders of website:admin:view, the owner included) have neither an
 * authenticator app nor a passkey: the owner's switch says how many the requirement would stop. Staff are found
 * by the permission's JSON text, so the count never loads the users table.
 */
export async function countStaffWithoutSecondFactor(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("is_active", "=", 1)
    .where((eb) =>
      eb.or([
        eb("permissions", "like", `%${JSON.stringify("website:admin:view")}%`),
        eb("permissions", "like", `%${JSON.stringify(OWNER_OVERRIDE)}%`),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("user_totp")
            .select("user_totp.user_id")
            .whereRef("user_totp.user_id", "=", "users.id")
            .where("user_totp.confirmed_at", "is not", null),
        ),
      ),
    )
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("passkeys").select("passkeys.id").whereRef("passkeys.user_id", "=", "users.id"))),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Accepts an authenticator code once: the step it belongs to must be later than the last one accepted, and
 * the update that records it is conditional, so two requests racing with one code cannot both win.
 */
export async function acceptTotpCode(
  core: Core,
  db: Db,
  userId: string,
  code: string,
  confirmed = true,
): Promise<boolean> {
  const row = await db.selectFrom("user_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row || (confirmed && row.confirmed_at === null)) return false;
  const secret = openTotpSecret(row.secret, core.config.secondFactorKey, userId);
  if (secret === null) return false;
  const step = matchTotpStep(secret, code, core.now());
  if (step === null || (row.last_step !== null && step <= row.last_step)) return false;
  const result = await db
    .updateTable("user_totp")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a user's recovery codes with ten new ones; answers them (shown once, stored as a keyed HMAC). */
export async function issueRecoveryCodes(core: Core, trx: Db, userId: string): Promise<string[]> {
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const createdAt = core.now().toISOString();
  await trx
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: storedRecoveryCode(core.config.secondFactorKey, userId, code),
        created_at: createdAt,
      })),
    )
    .execute();
  return codes;
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(core: Core, db: Db, userId: string, code: string): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: core.now().toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", storedRecoveryCode(core.config.secondFactorKey, userId, code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
