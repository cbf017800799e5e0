import { describe, expect, it } from "vitest";
import { createdText, expiryText, lastUseText, revokedMessage, revokeQuestion } from "./device-tokens.ts";

const NOW = new Date("2026-11-21T12:00:00.000Z");

describe("device token texts", () => {
  it("says 'Never used' for a token the desktop app has not used", () => {
    expect(lastUseText({ lastUsedAt: null }, NOW)).toBe("Never used");
  });

  it("says how long ago a token was last used", () => {
    expect(lastUseText({ lastUsedAt: "2026-11-21T11:55:00.000Z" }, NOW)).toBe("Last used 5 minutes ago");
  });

  it("names the creation time", () => {
    expect(createdText({ createdAt: "not a date" })).toBe("created Unknown time");
  });

  it("says when an unused token stops working", () => {
    expect(expiryText({ expiresAt: "2027-02-21T12:00:00.000Z" })).toBe("expires Feb 21, 2027 unless used");
  });

  it("asks before revoking and names the token", () => {
    expect(revokeQuestion("Ada's laptop")).toBe(
      `Revoke the device token "Ada's laptop"? The desktop app that holds it stops syncing until it connects again.`,
    );
    expect(revokedMessage("Ada's laptop")).toBe(`Device token "Ada's laptop" revoked.`);
  });

  it("names the account when the token is another user's", () => {
    expect(revokeQuestion("Laptop", "ann")).toBe(
      `Revoke "ann"'s device token "Laptop"? The desktop app that holds it stops syncing until it connects again.`,
    );
    expect(revokedMessage("Laptop", "ann")).toBe(`Device token "Laptop" of "ann" revoked.`);
  });
});
