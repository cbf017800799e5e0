import { describe, expect, it } from "vitest";
import { passwordChangeProblem } from "./password-change.ts";

describe("change password form", () => {
  it("needs every field, matching passwords, at least 6 characters", () => {
    expect(passwordChangeProblem("", "abcdef", "abcdef")?.message).toBe("Please fill in all fields.");
    expect(passwordChangeProblem("old", "abcdef", "abcdeg")?.message).toBe("Passwords do not match.");
    expect(passwordChangeProblem("old", "abc", "abc")?.message).toBe("Password must be at least 6 characters long.");
    expect(passwordChangeProblem("old", "abcdef", "abcdef")).toBeNull();
  });

  it("names the field each problem belongs to: the first empty one, the confirmation, the new password", () => {
    expect(passwordChangeProblem("old", "", "")?.field).toBe("next");
    expect(passwordChangeProblem("old", "abcdef", "abcdeg")?.field).toBe("confirm");
    expect(passwordChangeProblem("old", "abc", "abc")?.field).toBe("next");
  });
});
