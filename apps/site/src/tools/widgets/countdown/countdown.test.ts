import { describe, expect, it } from "vitest";
import {
  countdownParts,
  describeCountdown,
  formatCountdown,
  msUntilNextTick,
  parseDuration,
  parseEndTime,
} from "./countdown.ts";

describe("parseDuration", () => {
  it("reads seconds, unit forms and clock forms", () => {
    expect(parseDuration("90")).toBe(90_000);
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("10m")).toBe(600_000);
    expect(parseDuration("10min")).toBe(600_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("1h 5m 3s")).toBe(3_903_000);
    expect(parseDuration("2d")).toBe(172_800_000);
    expect(parseDuration("5:00")).toBe(300_000);
    expect(parseDuration("1:30:00")).toBe(5_400_000);
  });

  it("refuses anything else", () => {
    for (const text of ["", null, undefined, "abc", "5:60", "1:60:00", "m", "1x", "-5", "1.5h"]) {
      expect(parseDuration(text), String(text)).toBeNull();
    }
  });
});

describe("parseEndTime", () => {
  it("needs an ISO date-time with a time zone, so every viewer agrees on the moment", () => {
    expect(parseEndTime("2030-01-02T03:04:05Z")).toBe(Date.UTC(2030, 0, 2, 3, 4, 5));
    expect(parseEndTime("2030-01-02T03:04+02:00")).toBe(Date.UTC(2030, 0, 2, 1, 4));
    expect(parseEndTime("2030-01-02T03:04:05.250Z")).toBe(Date.UTC(2030, 0, 2, 3, 4, 5, 250));
    expect(parseEndTime("2030-01-02T03:04:05")).toBeNull();
    expect(parseEndTime("tomorrow")).toBeNull();
    expect(parseEndTime("2030-13-45T99:99Z")).toBeNull();
    expect(parseEndTime(null)).toBeNull();
  });
});

describe("countdown display", () => {
  it("splits the remaining time, rounding up to the second", () => {
    expect(countdownParts(90_061_001)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 2, done: false });
    expect(countdownParts(1)).toMatchObject({ seconds: 1, done: false });
    expect(countdownParts(0).done).toBe(true);
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it("formats like a clock", () => {
    expect(formatCountdown(245_000)).toBe("4:05");
    expect(formatCountdown(720_000)).toBe("12:00");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5000)).toBe("2d 03:04:05");
    expect(formatCountdown(0)).toBe("0:00");
  });

  it("says it in words", () => {
    expect(describeCountdown(3_723_000)).toBe("1 hour, 2 minutes and 3 seconds");
    expect(describeCountdown(60_000)).toBe("1 minute");
    expect(describeCountdown(0)).toBe("0 seconds");
  });

  it("ticks just after each whole second", () => {
    expect(msUntilNextTick(5_250)).toBe(255);
    expect(msUntilNextTick(5_000)).toBe(1005);
    expect(msUntilNextTick(0)).toBe(1000);
  });
});
