/**
 * The stored authenticator secret: always AES-256-GCM under the second factors' key (SECOND_FACTOR_KEY, or the
 * key file made when it is unset), bound to its user id. The key is never in the database, so a copy of the
 * database or a backup does not give the secrets away (docs/security.md: the database holder).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "v1";
/** What starts every sealed secret. */
export const TOTP_SEALED_PREFIX = `${PREFIX}.`;
const FORMAT = "aes-256-gcm";

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "portfolio/user_totp", "totp-secret-encryption", 32));
}

/** Whether a stored value is sealed; anything else is a secret stored as is by an earlier version. */
export function isSealedTotpSecret(stored: string): boolean {
  return stored.startsWith(TOTP_SEALED_PREFIX);
}

export function sealTotpSecret(plain: string, key: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(FORMAT, deriveKey(key), iv);
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/**
 * The secret, or null when the stored value is not one this key sealed for this user. A secret stored as is
 * is never used: the start seals every one (seal-at-rest.ts), so one found later was written by someone else.
 */
export function openTotpSecret(stored: string, key: string, userId: string): string | null {
  if (!isSealedTotpSecret(stored)) return null;
  const [, iv, tag, data] = stored.split(".");
  if (!iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv(FORMAT, deriveKey(key), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
