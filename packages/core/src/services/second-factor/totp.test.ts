/** RFC 6238 appendix B's SHA-1 test vectors, and base32 both ways. */
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotpStep, sameCode, totpCode } from "./totp.ts";

// The RFC's SHA-1 seed, "12345678901234567890", in base32.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("authenticator codes (RFC 6238, SHA-1, 30 s, 6 digits)", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
    [20000000000, "353130"],
  ])("at %i s the code is %s (the RFC's 8 digits, last 6)", (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it("matches a code of the step before or after now, and no other", () => {
    const at = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, "12345", at)).toBeNull();
  });

  it("compares codes with sameCode: equal codes match; a difference in any one digit or in length does not", () => {
    expect(sameCode("287082", "287082")).toBe(true);
    for (let i = 0; i < 6; i++) {
      const typed = `${"287082".slice(0, i)}${(Number("287082"[i]) + 1) % 10}${"287082".slice(i + 1)}`;
      expect(sameCode("287082", typed)).toBe(false);
    }
    expect(sameCode("287082", "28708")).toBe(false);
    expect(sameCode("287082", "2870822")).toBe(false);
  });

  it("reads base32 back as written, ignoring case, spaces and padding", () => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq==").toString()).toBe("12345678901234567890");
  });
});
