import type { DailySeries } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import {
  activeIndexOf,
  chartGeometry,
  chartLabel,
  countText,
  dayAfterKey,
  dayAt,
  dayFormatter,
  emptyText,
  metricSeries,
  scaleTop,
  summarize,
  summaryLine,
  tooltipPlace,
} from "./daily-chart.ts";

const en = dayFormatter("en-US");

const days = (...counts: number[]) =>
  counts.map((count, i) => ({ day: `2026-11-${String(20 + i).padStart(2, "0")}`, count }));

describe("a metric's series", () => {
  it("takes one metric of the server's days, oldest first", () => {
    const daily: DailySeries = [
      { day: "2026-11-24", signups: 3, activations: 1, logins: 7, edits: 0 },
      { day: "2026-11-25", signups: 0, activations: 2, logins: 4, edits: 9 },
    ];
    expect(metricSeries(daily, "logins")).toEqual([
      { day: "2026-11-24", count: 7 },
      { day: "2026-11-25", count: 4 },
    ]);
  });
});

describe("the summary", () => {
  it("adds the days up and finds the busiest one", () => {
    expect(summarize(days(0, 2, 5, 1))).toEqual({
      total: 8,
      peak: { day: "2026-11-22", count: 5 },
      first: "2026-11-20",
      last: "2026-11-23",
    });
  });

  it("takes the latest of equally busy days as the peak", () => {
    expect(summarize(days(4, 1, 4, 0)).peak).toEqual({ day: "2026-11-22", count: 4 });
  });

  it("has no peak when every day is zero", () => {
    expect(summarize(days(0, 0, 0))).toMatchObject({ total: 0, peak: null });
  });

  it("says it in the viewer's words: total and peak, or the empty text", () => {
    expect(summaryLine(summarize(days(0, 2, 1200, 1)), en)).toBe("1,203 in total · peak 1,200 on Nov 22");
    expect(summaryLine(summarize(days(0, 0)), en)).toBe("0 in total");
    expect(emptyText("signups", 90)).toBe("No sign-ups in the last 90 days");
    expect(emptyText("edits", 90)).toBe("No content edits in the last 90 days");
  });

  it("gives a screen reader the range, the total and the peak day", () => {
    expect(chartLabel("signups", summarize(days(0, 2, 5, 1)), en)).toBe(
      "Sign-ups per UTC day, Nov 20 to Nov 23: 8 in total, the most on Sun, Nov 22, 2026 with 5.",
    );
    expect(chartLabel("logins", summarize(days(0, 0)), en)).toBe("Logins per UTC day, Nov 20 to Nov 21: 0 in total.");
  });

  it("counts in the singular and the plural", () => {
    expect(countText(1, "activations", en)).toBe("1 activation");
    expect(countText(0, "edits", en)).toBe("0 content edits");
    expect(countText(2500, "signups", en)).toBe("2,500 sign-ups");
  });
});

describe("dates", () => {
  it("keeps the server's UTC day whatever the viewer's time zone", () => {
    // The first second of the day in UTC is the evening before west of Greenwich; the label must not move.
    expect(en.short("2026-11-01")).toBe("Nov 1");
    expect(en.long("2026-11-01")).toBe("Sun, Nov 1, 2026");
  });

  it("follows the viewer's locale", () => {
    const de = dayFormatter("de-DE");
    expect(de.short("2026-11-01")).toBe("1. Nov.");
    expect(de.number(1200)).toBe("1.200");
  });
});

describe("the scale", () => {
  it("tops out at the next round number at or above the peak", () => {
    expect([0, 1, 2, 3, 7, 9, 10, 11, 23, 45, 61, 95, 101, 4200].map(scaleTop)).toEqual([
      1, 1, 2, 3, 8, 10, 10, 20, 30, 50, 80, 100, 200, 5000,
    ]);
  });
});

describe("the bars", () => {
  it("gives each day a bar, scaled to the top of the scale, in a box 10 units a day and 100 high", () => {
    const geometry = chartGeometry(days(0, 2, 5, 1));
    expect(geometry).toMatchObject({ width: 40, height: 100, top: 5 });
    expect(geometry.bars.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 1, y: 100, width: 8, height: 0 },
      { x: 11, y: 60, width: 8, height: 40 },
      { x: 21, y: 0, width: 8, height: 100 },
      { x: 31, y: 80, width: 8, height: 20 },
    ]);
  });

  it("draws the non-zero days in one path", () => {
    expect(chartGeometry(days(0, 2, 5, 1)).path).toBe("M11 100V60h8V100ZM21 100V0h8V100ZM31 100V80h8V100Z");
  });

  it("keeps a lone event visible beside a wave", () => {
    const [small] = chartGeometry(days(1, 4000)).bars;
    expect(small?.height).toBe(1.5);
  });

  it("draws nothing for a quiet stretch", () => {
    const geometry = chartGeometry(days(0, 0, 0));
    expect(geometry.path).toBe("");
    expect(geometry.top).toBe(1);
  });
});

describe("pointing at a day", () => {
  it("finds the day under the pointer, clamped to the chart", () => {
    expect(dayAt(0, 90)).toBe(0);
    expect(dayAt(0.5, 90)).toBe(45);
    expect(dayAt(1, 90)).toBe(89);
    expect(dayAt(-0.2, 90)).toBe(0);
  });

  it("moves by a day, a week or to the ends with the keys, never past them, and ignores other keys", () => {
    expect(dayAfterKey("ArrowLeft", 89, 90)).toBe(88);
    expect(dayAfterKey("ArrowRight", 89, 90)).toBe(89);
    expect(dayAfterKey("PageUp", 3, 90)).toBe(0);
    expect(dayAfterKey("PageDown", 10, 90)).toBe(17);
    expect(dayAfterKey("Home", 50, 90)).toBe(0);
    expect(dayAfterKey("End", 0, 90)).toBe(89);
    expect(dayAfterKey("a", 5, 90)).toBeNull();
  });

  it("keeps the highlighted day by its date when a shorter period's figures arrive, and lets go of a day they lack", () => {
    const month = days(0, 0, 0, 0, 0, 0, 0, 0, 1);
    const week = month.slice(-3);
    expect(activeIndexOf("2026-11-28", month)).toBe(8);
    expect(activeIndexOf("2026-11-28", week)).toBe(2);
    expect(activeIndexOf("2026-11-20", week)).toBeNull();
    expect(activeIndexOf(null, week)).toBeNull();
  });

  it("hangs the tooltip inward near the edges", () => {
    expect(tooltipPlace(0, 90)).toMatchObject({ align: "start" });
    expect(tooltipPlace(45, 90)).toEqual({ left: (45.5 / 90) * 100, align: "center" });
    expect(tooltipPlace(89, 90)).toMatchObject({ align: "end" });
  });
});
