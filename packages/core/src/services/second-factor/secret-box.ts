/**
 * The stored authenticator secret (SECURITY 14): AES-256-GCM under SECOND_FACTOR_KEY when one is configured
 * (as TWITCH_TOKEN_KEY does for the Twitch credential), bound to its user id; as is otherwise.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "v1";
const FORMAT = "aes-256-gcm";

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "portfolio/user_totp", "totp-secret-encryption", 32));
}

export function sealTotpSecret(plain: string, key: string | undefined, userId: string): string {
  if (!key) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv(FORMAT, deriveKey(key), iv);
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function openTotpSecret(stored: string, key: string | undefined, userId: string): string {
  if (!stored.startsWith(`${PREFIX}.`)) return stored;
  if (!key) throw new Error("The authenticator secret is encrypted and SECOND_FACTOR_KEY is not set.");
  const [, iv, tag, data] = stored.split(".");
  if (!iv || !tag || data === undefined) throw new Error("Not an encrypted authenticator secret.");
  const decipher = createDecipheriv(FORMAT, deriveKey(key), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
