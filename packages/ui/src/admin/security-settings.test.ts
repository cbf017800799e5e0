import { describe, expect, it } from "vitest";
import { requirementConfirmation, staffWithoutSecondFactorText } from "./security-settings.ts";

// docs/security.md, promise 30: the owner is told whom 'Require a second factor for staff' stops before turning it on.
describe("the owner's staff requirement in words", () => {
  it("says every staff member has a second factor, and asks nothing before turning it on", () => {
    expect(staffWithoutSecondFactorText(0, true)).toBe("Every staff member has a second factor.");
    expect(requirementConfirmation(0, true)).toBeNull();
  });

  it("counts the staff without one, and names the owner among them", () => {
    expect(staffWithoutSecondFactorText(1, true)).toBe("1 staff member has no second factor yet.");
    expect(staffWithoutSecondFactorText(3, true)).toBe("3 staff members have no second factor yet.");
    expect(staffWithoutSecondFactorText(1, false)).toBe("1 staff member has no second factor yet (you).");
    expect(staffWithoutSecondFactorText(3, false)).toBe("3 staff members have no second factor yet (you among them).");
  });

  it("asks first, saying how many other staff are stopped until they set one up", () => {
    expect(requirementConfirmation(2, true)).toEqual({
      title: "Require a second factor for staff?",
      message:
        "2 staff members have no second factor yet. Until they set one up, the admin panel stays closed to them and sends them to Account security.",
      confirmLabel: "Require it",
    });
  });

  it("warns an owner without a second factor that the panel closes for them too", () => {
    expect(requirementConfirmation(1, false)?.message).toBe(
      "You have no second factor either: the admin panel closes for you too until you set one up under Account security.",
    );
    expect(requirementConfirmation(2, false)?.message).toBe(
      "1 staff member has no second factor yet. Until they set one up, the admin panel stays closed to them and sends them to Account security. You have no second factor either: the admin panel closes for you too until you set one up under Account security.",
    );
  });
});
