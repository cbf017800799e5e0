import type { Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { addMonths, birthdayEvent, dateKey, groupByDay, monthGrid, projectEvents } from "./calendar.ts";

const project = (id: string, createdAt: string, updatedAt = createdAt): Project => ({
  _id: id,
  title: `Project ${id}`,
  description: "",
  isArchived: false,
  isLatest: false,
  tags: [],
  createdAt,
  updatedAt,
  version: 1,
});

describe("monthGrid", () => {
  it("covers the month in Monday-first weeks", () => {
    const grid = monthGrid(2026, 10); // November 2026 starts on a Sunday
    expect(grid[0]?.[0]?.key).toBe("2026-10-26");
    expect(grid[0]?.[6]?.key).toBe("2026-11-01");
    expect(grid.flat().filter((d) => d.inMonth)).toHaveLength(30);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid.at(-1)?.at(-1)?.key).toBe("2026-12-06");
  });
  it("handles a month starting on Monday (no leading days)", () => {
    expect(monthGrid(2026, 5)[0]?.[0]?.key).toBe("2026-06-01");
  });
});

describe("projectEvents", () => {
  it("lists creation and later updates, newest first, skipping invalid dates", () => {
    const events = projectEvents([
      project("a", "2026-01-05T10:00:00", "2026-03-01T10:00:00"),
      project("b", "2026-02-01T10:00:00", "2026-02-01T10:00:30"),
      project("c", "not a date"),
    ]);
    expect(events.map((e) => `${e.kind}:${e.projectId}:${e.key}`)).toEqual([
      "updated:a:2026-03-01",
      "created:b:2026-02-01",
      "created:a:2026-01-05",
    ]);
    expect(groupByDay(events).get("2026-02-01")).toHaveLength(1);
  });
});

describe("calendar helpers", () => {
  it("formats local dates and moves across years", () => {
    expect(dateKey(new Date(2026, 0, 5))).toBe("2026-01-05");
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });
  it("puts the birthday on 14 November of the viewed year", () => {
    expect(birthdayEvent(new Date(2005, 10, 14), 2027, "Alex").key).toBe("2027-11-14");
  });
});
