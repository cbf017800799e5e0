import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "./account.ts";
import { firstError } from "./validation.ts";

describe("the password change form's body", () => {
  it("refuses a current password longer than 72 bytes, as login does", () => {
    const body = { currentPassword: `${"é".repeat(36)}x`, newPassword: "new-secret-1" };
    expect(firstError(changePasswordSchema, body)).toBe("Password must be at most 72 bytes long.");
  });

  it("accepts a current password of exactly 72 bytes", () => {
    expect(
      firstError(changePasswordSchema, { currentPassword: "é".repeat(36), newPassword: "new-secret-1" }),
    ).toBeNull();
  });

  it("asks for the current password when it is empty", () => {
    expect(firstError(changePasswordSchema, { currentPassword: "", newPassword: "new-secret-1" })).toBe(
      "Current password is required.",
    );
  });
});
