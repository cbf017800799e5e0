import type { Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { ariaSort, nextSort, sortProjectRows, statusChips, visibleTags } from "./project-table.ts";

const p = (title: string, flags: Partial<Project> = {}): Project => ({
  _id: title.toLowerCase(),
  title,
  description: "d",
  isArchived: false,
  isLatest: false,
  tags: [],
  slug: "s",
  longDescription: "",
  pictures: [],
  createdAt: "2026-01-01",
  updatedAt: "2026-01-01",
  version: 1,
  ...flags,
});

describe("projects table", () => {
  const rows = [p("beta"), p("Alpha", { isArchived: true }), p("Gamma", { isLatest: true }), p("delta")];

  it("sorts by title either way, case-insensitively", () => {
    expect(sortProjectRows(rows, { key: "title", direction: "asc" }).map((r) => r.title)).toEqual([
      "Alpha",
      "beta",
      "delta",
      "Gamma",
    ]);
    expect(sortProjectRows(rows, { key: "title", direction: "desc" }).map((r) => r.title)).toEqual([
      "Gamma",
      "delta",
      "beta",
      "Alpha",
    ]);
  });

  it("sorts by status: latest, active, archived; each by title", () => {
    expect(sortProjectRows(rows, { key: "status", direction: "asc" }).map((r) => r.title)).toEqual([
      "Gamma",
      "beta",
      "delta",
      "Alpha",
    ]);
    expect(sortProjectRows(rows, { key: "status", direction: "desc" }).map((r) => r.title)).toEqual([
      "Alpha",
      "beta",
      "delta",
      "Gamma",
    ]);
  });

  it("header clicks: new column ascending, same column flips; aria-sort follows", () => {
    const start = { key: "title", direction: "asc" } as const;
    expect(nextSort(start, "title")).toEqual({ key: "title", direction: "desc" });
    expect(nextSort(start, "status")).toEqual({ key: "status", direction: "asc" });
    expect(ariaSort(start, "title")).toBe("ascending");
    expect(ariaSort(start, "status")).toBe("none");
    expect(ariaSort({ key: "status", direction: "desc" }, "status")).toBe("descending");
  });

  it("status chips: Latest, Archived, or Active", () => {
    expect(statusChips(p("a"))).toEqual(["Active"]);
    expect(statusChips(p("a", { isLatest: true }))).toEqual(["Latest"]);
    expect(statusChips(p("a", { isArchived: true }))).toEqual(["Archived"]);
    expect(statusChips(p("a", { isArchived: true, isLatest: true }))).toEqual(["Latest", "Archived"]);
  });

  it("shows the first 3 tags plus '+N'", () => {
    expect(visibleTags(["a", "b"])).toEqual({ shown: ["a", "b"], more: 0 });
    expect(visibleTags(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
  });
});
