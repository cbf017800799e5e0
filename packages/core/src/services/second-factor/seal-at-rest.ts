/**
 * Seals what earlier versions stored in the clear, once, at start (before any request): authenticator secrets
 * stored as they were (no key was configured) are encrypted, and recovery codes stored as a bare SHA-256 are
 * wrapped in the keyed HMAC. From then on a copy of the database or a backup carries only sealed values
 * (docs/security.md: the database holder). Run again it finds nothing; each row is rewritten only if it still
 * holds what was read, so instances starting together never seal a row twice.
 */
import type { Db } from "../../data/schema.ts";
import { isSealedRecoveryCode, RECOVERY_SEALED_PREFIX, sealRecoveryCodeHash } from "./recovery-codes.ts";
import { isSealedTotpSecret, openTotpSecret, sealTotpSecret, TOTP_SEALED_PREFIX } from "./secret-box.ts";

export interface SealedAtRest {
  secrets: number;
  recoveryCodes: number;
}

export async function sealSecondFactorsAtRest(db: Db, key: string): Promise<SealedAtRest> {
  return db.transaction().execute(async (trx) => {
    let secrets = 0;
    const totps = await trx
      .selectFrom("user_totp")
      .select(["user_id", "secret"])
      .where("secret", "not like", `${TOTP_SEALED_PREFIX}%`)
      .execute();
    for (const row of totps.filter((r) => !isSealedTotpSecret(r.secret))) {
      const result = await trx
        .updateTable("user_totp")
        .set({ secret: sealTotpSecret(row.secret, key, row.user_id) })
        .where("user_id", "=", row.user_id)
        .where("secret", "=", row.secret)
        .executeTakeFirst();
      secrets += Number(result.numUpdatedRows);
    }
    let recoveryCodes = 0;
    const codes = await trx
      .selectFrom("recovery_codes")
      .select(["id", "user_id", "code_hash"])
      .where("code_hash", "not like", `${RECOVERY_SEALED_PREFIX}%`)
      .execute();
    for (const row of codes.filter((r) => !isSealedRecoveryCode(r.code_hash))) {
      const result = await trx
        .updateTable("recovery_codes")
        .set({ code_hash: sealRecoveryCodeHash(key, row.user_id, row.code_hash) })
        .where("id", "=", row.id)
        .where("code_hash", "=", row.code_hash)
        .executeTakeFirst();
      recoveryCodes += Number(result.numUpdatedRows);
    }
    return { secrets, recoveryCodes };
  });
}

/** False when a stored secret does not open with this key: the key was changed or lost since it was sealed. */
export async function keyOpensStoredSecrets(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom("user_totp").select(["user_id", "secret"]).limit(1).executeTakeFirst();
  return row === undefined || openTotpSecret(row.secret, key, row.user_id) !== null;
}
