/** Recovery codes: drawn uniformly over 32 letters, long enough, stored as a keyed HMAC (docs/security.md). */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  newRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeFromBytes,
  recoveryCodeLetter,
  storedRecoveryCode,
} from "./recovery-codes.ts";

const KEY = "a-second-factor-key-of-32-chars!";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("drawing a recovery code", () => {
  it("has 32 different letters, none of i, l, o or u", () => {
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[ilou]/);
  });

  it("maps the 256 byte values onto the 32 letters exactly 8 times each, so no letter is more likely", () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const letter = recoveryCodeLetter(byte);
      counts.set(letter, (counts.get(letter) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join("")).toBe([...RECOVERY_CODE_ALPHABET].sort().join(""));
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it("is 15 letters (75 bits) in three groups of five, one letter per random byte", () => {
    // Bytes 0, 17, 34, ...: their low five bits are 0, 17, 2, 19, 4, ...
    const bytes = Uint8Array.from({ length: 15 }, (_, i) => i * 17);
    expect(recoveryCodeFromBytes(bytes)).toBe("0h2k4-n6q8s-avcxe");
    expect(newRecoveryCode()).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it("reads a typed code without regard to case, spaces or dashes, and o, i, l as 0, 1, 1", () => {
    expect(normaliseRecoveryCode(" 0H2K4 n6q8s-AVCXE ")).toBe("0h2k4n6q8savcxe");
    expect(normaliseRecoveryCode("OIL")).toBe("011");
  });
});

describe("storing a recovery code", () => {
  it("stores a keyed HMAC bound to the user, never the code's SHA-256", () => {
    const code = "0h2k4-n6q8s-avcxe";
    const stored = storedRecoveryCode(KEY, "user-1", code);
    expect(stored).toMatch(/^h1\.[0-9a-f]{64}$/);
    expect(stored).not.toContain(sha256(normaliseRecoveryCode(code)));
    expect(stored).not.toContain(sha256(code));
    expect(storedRecoveryCode(KEY, "user-1", "0H2K4 N6Q8S AVCXE")).toBe(stored);
    expect(storedRecoveryCode(KEY, "user-2", code)).not.toBe(stored);
    expect(storedRecoveryCode(`${KEY}x`, "user-1", code)).not.toBe(stored);
  });
});
