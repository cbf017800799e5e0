import { describe, expect, it } from "vitest";
import { passwordChangeProblem } from "./password-change.ts";

describe("change password form", () => {
  it("needs every field, matching passwords, at least 6 characters", () => {
    expect(passwordChangeProblem("", "abcdef", "abcdef")).toBe("Please fill in all fields.");
    expect(passwordChangeProblem("old", "abcdef", "abcdeg")).toBe("Passwords do not match.");
    expect(passwordChangeProblem("old", "abc", "abc")).toBe("Password must be at least 6 characters long.");
    expect(passwordChangeProblem("old", "abcdef", "abcdef")).toBeNull();
  });
});
