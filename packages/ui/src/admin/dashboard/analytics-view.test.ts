import { describe, expect, it } from "vitest";
import { csvFileName, dailyCsv, rangeDays } from "./analytics-view.ts";

describe("visitor analytics ranges", () => {
  it("asks for the last 7 UTC days, today included", () => {
    expect(rangeDays("7d", new Date("2026-11-27T23:30:00Z"))).toEqual({ from: "2026-11-21", to: "2026-11-27" });
  });

  it("asks for 365 days for 12 months", () => {
    expect(rangeDays("12m", new Date("2026-11-27T00:00:00Z"))).toEqual({ from: "2025-11-28", to: "2026-11-27" });
  });
});

describe("the daily CSV", () => {
  it("has a header and one line per day, oldest first", () => {
    const csv = dailyCsv([
      { date: "2026-11-26", pageViews: 3, visitors: 2 },
      { date: "2026-11-27", pageViews: 0, visitors: 0 },
    ]);
    expect(csv).toBe("date,pageViews,visitors\r\n2026-11-26,3,2\r\n2026-11-27,0,0\r\n");
  });

  it("names its file after the range", () => {
    expect(csvFileName("2026-11-21", "2026-11-27")).toBe("visitors-2026-11-21-to-2026-11-27.csv");
  });
});
