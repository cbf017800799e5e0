import type { Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import {
  birthdayEvent,
  dateKey,
  dayAfterKey,
  eventsInMonth,
  groupByDay,
  monthGrid,
  nearestActiveMonths,
  parseDateKey,
  projectEvents,
  sameDayInMonth,
} from "./calendar.ts";

const project = (id: string, createdAt: string, updatedAt = createdAt): Project => ({
  _id: id,
  title: `Project ${id}`,
  description: "",
  isArchived: false,
  isLatest: false,
  tags: [],
  slug: id,
  longDescription: "",
  pictures: [],
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
    expect(dateKey(sameDayInMonth(new Date(2026, 11, 15), 1))).toBe("2027-01-15");
    expect(dateKey(sameDayInMonth(new Date(2026, 0, 15), -1))).toBe("2025-12-15");
  });
  it("puts the birthday on 14 November of the viewed year", () => {
    expect(birthdayEvent(new Date(2005, 10, 14), 2027, "Alex").key).toBe("2027-11-14");
  });
});

describe("keyboard moves in the month grid", () => {
  const at = (key: string, press: string, shift = false) => {
    const next = dayAfterKey(parseDateKey(key), press, shift);
    return next ? dateKey(next) : null;
  };
  it("moves by a day with left and right, across month ends", () => {
    expect(at("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(at("2026-11-01", "ArrowLeft")).toBe("2026-10-31");
  });
  it("moves by a week with up and down", () => {
    expect(at("2026-11-03", "ArrowUp")).toBe("2026-10-27");
    expect(at("2026-11-27", "ArrowDown")).toBe("2026-12-04");
  });
  it("goes to Monday with Home and Sunday with End", () => {
    expect(at("2026-11-19", "Home")).toBe("2026-11-16"); // a Thursday
    expect(at("2026-11-19", "End")).toBe("2026-11-22");
  });
  it("moves by a month with Page Up/Down (by a year with Shift), clamping to shorter months", () => {
    expect(at("2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(at("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(at("2028-02-29", "PageDown", true)).toBe("2029-02-28");
    expect(at("2026-11-15", "PageUp", true)).toBe("2025-11-15");
  });
  it("ignores other keys", () => {
    expect(at("2026-11-15", "a")).toBeNull();
  });
  it("clamps the same day in another month", () => {
    expect(dateKey(sameDayInMonth(new Date(2026, 4, 31), 1))).toBe("2026-06-30");
  });
});

describe("months with and without activity", () => {
  const events = projectEvents([
    project("a", "2026-01-05T10:00:00", "2026-03-01T10:00:00"),
    project("b", "2026-07-20T10:00:00"),
  ]);
  it("counts the events of one month", () => {
    expect(eventsInMonth(events, 2026, 2).map((e) => e.kind)).toEqual(["updated"]);
    expect(eventsInMonth(events, 2026, 4)).toEqual([]);
  });
  it("finds the nearest earlier and later months with activity", () => {
    const { before, after } = nearestActiveMonths(events, 2026, 4);
    expect(before && dateKey(before)).toBe("2026-03-01");
    expect(after && dateKey(after)).toBe("2026-07-20");
    expect(nearestActiveMonths(events, 2026, 0).before).toBeUndefined();
    expect(nearestActiveMonths(events, 2027, 0).after).toBeUndefined();
  });
});
