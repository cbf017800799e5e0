import { FALLBACK_PROJECTS, type Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { keepShownOrder, sameProjects } from "./project-order.ts";

const project = (id: string, title: string, extra: Partial<Project> = {}): Project => ({
  _id: id,
  title,
  description: "d",
  isArchived: false,
  isLatest: false,
  tags: [],
  slug: id,
  longDescription: "",
  pictures: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  version: 1,
  ...extra,
});

const ids = (list: readonly Project[]) => list.map((p) => p._id);

describe("keepShownOrder: live data takes the order already on screen", () => {
  it("keeps the shown order when the live list holds the same projects", () => {
    const shown = [project("c", "C"), project("a", "A"), project("b", "B")];
    const live = [project("a", "A"), project("b", "B"), project("c", "C")];
    expect(ids(keepShownOrder(live, shown))).toEqual(["c", "a", "b"]);
  });

  it("recognises the built-in list's projects in their seeded copies by title", () => {
    const shown = [...FALLBACK_PROJECTS].reverse();
    const live = FALLBACK_PROJECTS.map((p, i) => ({ ...p, _id: `uuid-${i}` }));
    expect(keepShownOrder(live, shown).map((p) => p.title)).toEqual(shown.map((p) => p.title));
    expect(keepShownOrder(live, shown).every((p) => p._id.startsWith("uuid-"))).toBe(true);
  });

  it("uses the live content of a shown project (an edited title keeps its place by id)", () => {
    const shown = [project("b", "B"), project("a", "A")];
    const live = [project("a", "A renamed"), project("b", "B")];
    expect(keepShownOrder(live, shown).map((p) => p.title)).toEqual(["B", "A renamed"]);
  });

  it("puts projects not shown before after the known ones, and drops deleted ones", () => {
    const shown = [project("b", "B"), project("gone", "Gone"), project("a", "A")];
    const live = [project("new", "New"), project("a", "A"), project("b", "B")];
    expect(ids(keepShownOrder(live, shown))).toEqual(["b", "a", "new"]);
  });

  it("matches two projects of the same title one each", () => {
    const shown = [project("x2", "Twin"), project("x1", "Twin")];
    const live = [project("y1", "Twin"), project("y2", "Twin")];
    expect(ids(keepShownOrder(live, shown))).toEqual(["y1", "y2"]);
  });

  it("gives an empty list for an empty live list", () => {
    expect(keepShownOrder([], [project("a", "A")])).toEqual([]);
  });
});

describe("sameProjects", () => {
  it("is true for equal content and false for any change", () => {
    const list = [project("a", "A"), project("b", "B")];
    expect(sameProjects(list, structuredClone(list))).toBe(true);
    expect(sameProjects(list, [project("a", "A"), project("b", "B", { isArchived: true })])).toBe(false);
    expect(sameProjects(list, [...list].reverse())).toBe(false);
    expect(sameProjects(list, list.slice(1))).toBe(false);
  });
});
