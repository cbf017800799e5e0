import { describe, expect, it } from "vitest";
import { formatDuration, formatIsoDuration, isoDurationToSeconds } from "./duration.ts";

describe("isoDurationToSeconds", () => {
  it.each([
    ["PT1H2M3S", 3723],
    ["PT4M5S", 245],
    ["PT7S", 7],
    ["PT15M", 900],
    ["PT2H", 7200],
    ["PT1H30S", 3630],
    ["P1DT2H3M4S", 93784],
    ["P1W", 604800],
    ["P0D", 0],
    ["PT0S", 0],
    ["PT1.9S", 1],
  ])("reads %s as %i seconds", (iso, seconds) => {
    expect(isoDurationToSeconds(iso)).toBe(seconds);
  });

  it.each(["", "P", "PT", "P1DT", "1:02:03", "PT-1S", "PT1S2M", "pt1m", "PT1M junk"])("refuses %j", (text) => {
    expect(isoDurationToSeconds(text)).toBeNull();
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [7, "0:07"],
    [59, "0:59"],
    [60, "1:00"],
    [245, "4:05"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3723, "1:02:03"],
    [36000, "10:00:00"],
    [93784, "26:03:04"],
  ])("shows %i seconds as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it("shows negative and non-finite input as 0:00", () => {
    expect(formatDuration(-5)).toBe("0:00");
    expect(formatDuration(Number.NaN)).toBe("0:00");
  });
});

describe("formatIsoDuration", () => {
  it("turns YouTube durations into display text", () => {
    expect(formatIsoDuration("PT1H2M3S")).toBe("1:02:03");
    expect(formatIsoDuration("PT4M5S")).toBe("4:05");
    expect(formatIsoDuration("PT45S")).toBe("0:45");
    expect(formatIsoDuration("P0D")).toBe("0:00");
  });

  it("answers an empty string for text that is not a duration", () => {
    expect(formatIsoDuration("soon")).toBe("");
  });
});
