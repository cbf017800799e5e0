import { describe, expect, it } from "vitest";
import { formatDate, relativeTime } from "./dates.ts";

describe("dates", () => {
  it("formats a date in English", () => {
    expect(formatDate("2026-03-05T12:00:00.000Z")).toMatch(/^Mar [45], 2026$/);
    expect(formatDate("nope")).toBe("Unknown date");
  });

  it("says how long ago", () => {
    const now = new Date("2026-03-10T12:00:00.000Z");
    expect(relativeTime("2026-03-10T11:59:50.000Z", now)).toBe("just now");
    expect(relativeTime("2026-03-10T11:55:00.000Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-03-10T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-03-09T11:00:00.000Z", now)).toBe("yesterday");
    expect(relativeTime("2026-03-06T12:00:00.000Z", now)).toBe("4 days ago");
    expect(relativeTime("2026-01-01T12:00:00.000Z", now)).toBe("Jan 1, 2026");
  });
});
