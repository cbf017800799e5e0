/** Random tokens, their stored hashes, and bcrypt password hashing. */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";

/** 32 random bytes (256 bits), URL-safe: used for session, activation and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this hash is stored, so a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newId(): string {
  return randomUUID();
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

const dummyHashes = new Map<number, Promise<string>>();
/** A hash to compare against when the user is unknown, so an unknown name costs the same bcrypt time. */
export function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hash(newToken(), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** A readable generated password for the first owner when none is configured. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
