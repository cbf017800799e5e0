import { describe, expect, it } from "vitest";
import { wrapFocusIndex } from "./focus-trap.ts";

describe("wrapFocusIndex (modal focus trap)", () => {
  it("wraps from the last to the first and back", () => {
    expect(wrapFocusIndex(3, 2, false)).toBe(0);
    expect(wrapFocusIndex(3, 0, true)).toBe(2);
  });
  it("lets the browser move focus inside the list", () => {
    expect(wrapFocusIndex(3, 0, false)).toBe(-1);
    expect(wrapFocusIndex(3, 2, true)).toBe(-1);
  });
  it("pulls focus back in from outside", () => {
    expect(wrapFocusIndex(3, -1, false)).toBe(0);
    expect(wrapFocusIndex(3, -1, true)).toBe(2);
    expect(wrapFocusIndex(0, -1, false)).toBe(-1);
  });
});
