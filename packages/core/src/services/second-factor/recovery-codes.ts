/**
 * Recovery codes, drawn and stored so that a copy of the database or a backup does not give them away
 * (docs/security.md: the database holder). Each code is 15 characters of a 32-letter alphabet, every character
 * 5 bits of one random byte (256 is a multiple of 32, so every letter is equally likely): 75 bits. Only an
 * HMAC-SHA256 under a key derived from the second factors' key is stored, bound to the user: without that key
 * (never in the database) a stored value cannot be tested against guesses at all.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/** Crockford's base32: no i, l, o or u, so nothing reads as another letter; 32 letters exactly. */
export const RECOVERY_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const RECOVERY_CODE_LENGTH = 15;
const GROUP = 5;
/** What starts every stored (sealed) code. */
export const RECOVERY_SEALED_PREFIX = "h1.";

/** The letter a random byte stands for: its low 5 bits, so each of the 32 letters comes from 8 of the 256 bytes. */
export function recoveryCodeLetter(byte: number): string {
  return RECOVERY_CODE_ALPHABET[byte & 0b11111] as string;
}

/** A code from these random bytes (one per letter), in groups of five: `abcde-fghjk-mnpqr`. */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  const letters = Array.from(bytes.subarray(0, RECOVERY_CODE_LENGTH), recoveryCodeLetter).join("");
  const groups: string[] = [];
  for (let i = 0; i < letters.length; i += GROUP) groups.push(letters.slice(i, i + GROUP));
  return groups.join("-");
}

export function newRecoveryCode(): string {
  return recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_LENGTH));
}

/** As typed: case, spaces and dashes do not matter, and o, i and l are read as the 0 and 1 they look like. */
export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
}

function digestKey(key: string): Buffer {
  return Buffer.from(hkdfSync("sha256", key, "portfolio/recovery_codes", "recovery-code-digest", 32));
}

/**
 * The stored form of a code's SHA-256 (what earlier versions stored): an HMAC under the server key, bound to
 * the user. Going through the SHA-256 lets rows stored before the HMAC be sealed in place without their codes.
 */
export function sealRecoveryCodeHash(key: string, userId: string, sha256Hex: string): string {
  return RECOVERY_SEALED_PREFIX + createHmac("sha256", digestKey(key)).update(`${userId}:${sha256Hex}`).digest("hex");
}

export function storedRecoveryCode(key: string, userId: string, code: string): string {
  const sha256 = createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
  return sealRecoveryCodeHash(key, userId, sha256);
}

/** Whether a stored value is sealed; anything else is a bare SHA-256 stored by an earlier version. */
export function isSealedRecoveryCode(stored: string): boolean {
  return stored.startsWith(RECOVERY_SEALED_PREFIX);
}
