/**
 * A key kept in a file beside the database when none is configured: created once with 32 random bytes, mode
 * 0600 (readable by its owner only), never overwritten. Such a key is never stored in the database, so a copy
 * of the database or a backup alone does not carry it (docs/security.md: the database holder).
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const MIN_KEY_LENGTH = 16;

/** The file's key, or a new one written to it; `created` says which. A key file others could read is made 0600. */
export function readOrCreateKeyFile(file: string, what: string): { key: string; created: boolean } {
  if (existsSync(file)) {
    const key = readFileSync(file, "utf8").trim();
    if (key.length < MIN_KEY_LENGTH) throw new Error(`The ${what} file ${file} is too short or empty.`);
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return { key, created: false };
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32).toString("base64url");
  try {
    // "wx": never overwrite a key another process wrote a moment ago; mode 0600: readable by its owner only.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Two instances starting together: the other one wrote the key first, and both use its key.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readOrCreateKeyFile(file, what);
    throw error;
  }
  chmodSync(file, 0o600);
  return { key, created: true };
}
