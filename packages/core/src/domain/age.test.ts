import { describe, expect, it } from "vitest";
import { AGE_DECIMALS, ageInYears, formatAge, isBirthday } from "./age.ts";

// Spec section 9: years since 14 Nov 2005 using 365.25-day years.
const BIRTH = new Date(2005, 10, 14);
const DAY_MS = 24 * 60 * 60 * 1000;

describe("ageInYears", () => {
  it("is 0 at the moment of birth", () => {
    expect(ageInYears(BIRTH, BIRTH)).toBe(0);
  });

  it("is exactly 20 after 20 years of 365.25 days", () => {
    expect(ageInYears(BIRTH, new Date(BIRTH.getTime() + 365.25 * 20 * DAY_MS))).toBe(20);
  });

  it("is exactly 1 after 365.25 days", () => {
    expect(ageInYears(BIRTH, new Date(BIRTH.getTime() + 365.25 * DAY_MS))).toBe(1);
  });

  it("is below 1 after 365 days", () => {
    expect(ageInYears(BIRTH, new Date(BIRTH.getTime() + 365 * DAY_MS))).toBeLessThan(1);
  });

  it("is half a year after 182.625 days", () => {
    expect(ageInYears(BIRTH, new Date(BIRTH.getTime() + 182.625 * DAY_MS))).toBeCloseTo(0.5, 12);
  });
});

describe("formatAge", () => {
  it("shows 8 decimals", () => {
    expect(AGE_DECIMALS).toBe(8);
    expect(formatAge(BIRTH, new Date(BIRTH.getTime() + 365.25 * 20 * DAY_MS))).toBe("20.00000000");
  });

  it("shows a fractional age with exactly 8 decimals", () => {
    const text = formatAge(BIRTH, new Date(BIRTH.getTime() + 365.25 * 20 * DAY_MS + 182.625 * DAY_MS));
    expect(text).toMatch(/^\d+\.\d{8}$/);
    expect(text).toBe("20.50000000");
  });
});

describe("isBirthday (easter egg on 14 November, local time)", () => {
  it("is true on 14 November of another year", () => {
    expect(isBirthday(BIRTH, new Date(2025, 10, 14, 12, 0, 0))).toBe(true);
  });

  it("is true from the first to the last moment of 14 November", () => {
    expect(isBirthday(BIRTH, new Date(2025, 10, 14, 0, 0, 0, 0))).toBe(true);
    expect(isBirthday(BIRTH, new Date(2025, 10, 14, 23, 59, 59, 999))).toBe(true);
  });

  it("is false on 13 November", () => {
    expect(isBirthday(BIRTH, new Date(2025, 10, 13, 23, 59, 59, 999))).toBe(false);
  });

  it("is false on 15 November", () => {
    expect(isBirthday(BIRTH, new Date(2025, 10, 15, 0, 0, 0, 0))).toBe(false);
  });

  it("is false on 14 of another month", () => {
    expect(isBirthday(BIRTH, new Date(2025, 9, 14))).toBe(false);
  });
});
