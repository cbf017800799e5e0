import { describe, expect, it } from "vitest";
import { builtInProjects, FALLBACK_PROJECTS } from "./fallback-projects.ts";

describe("built-in fallback projects (spec section 3)", () => {
  it("holds exactly 14 projects", () => {
    expect(FALLBACK_PROJECTS).toHaveLength(14);
  });

  it("flags exactly one project as latest", () => {
    expect(FALLBACK_PROJECTS.filter((p) => p.isLatest)).toHaveLength(1);
  });

  it("flags the cat-of-the-day widget (externalLink '/twitchcotdwidget') as the latest", () => {
    const latest = FALLBACK_PROJECTS.find((p) => p.isLatest);
    expect(latest?.externalLink).toBe("/twitchcotdwidget");
    expect(latest?.title).toMatch(/cat of the day/i);
  });

  it("has the cat-of-the-day widget as the last of the four stream widgets", () => {
    const widgets = FALLBACK_PROJECTS.filter((p) => p.externalLink?.startsWith("/twitch"));
    expect(widgets.map((p) => p.externalLink)).toEqual([
      "/twitchheartwidget",
      "/twitchchatwidget",
      "/twitchcountdownwidget",
      "/twitchcotdwidget",
    ]);
  });

  it("archives exactly two projects, neither of them latest", () => {
    const archived = FALLBACK_PROJECTS.filter((p) => p.isArchived);
    expect(archived).toHaveLength(2);
    expect(archived.some((p) => p.isLatest)).toBe(false);
  });

  it("gives every project a title, a description and a list of tags", () => {
    for (const p of FALLBACK_PROJECTS) {
      expect(p.title.trim()).not.toBe("");
      expect(p.description.trim()).not.toBe("");
      expect(Array.isArray(p.tags)).toBe(true);
      expect(p.tags.length).toBeGreaterThan(0);
    }
  });

  it("gives every project a unique id", () => {
    const ids = FALLBACK_PROJECTS.map((p) => p._id);
    expect(new Set(ids).size).toBe(FALLBACK_PROJECTS.length);
  });

  it("has only http(s) URLs or site paths in its links", () => {
    for (const p of FALLBACK_PROJECTS) {
      if (p.github !== undefined) expect(p.github).toMatch(/^https?:\/\//);
      if (p.externalLink !== undefined) expect(p.externalLink).toMatch(/^(https?:\/\/|\/(?!\/))/);
    }
  });

  it("dates every project by its own start and last update, before the reference time", () => {
    const now = new Date("2026-06-15T09:30:00.000Z");
    const projects = builtInProjects(now);
    expect(new Set(projects.map((p) => p.createdAt.slice(0, 10))).size).toBe(14);
    for (const p of projects) {
      expect(Date.parse(p.createdAt)).toBeLessThan(Date.parse(p.updatedAt));
      expect(Date.parse(p.updatedAt)).toBeLessThanOrEqual(now.getTime());
    }
    // Spread over years, with something updated within the last month.
    const oldest = Math.min(...projects.map((p) => Date.parse(p.createdAt)));
    expect(now.getTime() - oldest).toBeGreaterThan(2 * 365 * 24 * 60 * 60 * 1000);
    const newestUpdate = Math.max(...projects.map((p) => Date.parse(p.updatedAt)));
    expect(now.getTime() - newestUpdate).toBeLessThan(30 * 24 * 60 * 60 * 1000);
  });

  it("is the same list as the fallback, apart from the dates", () => {
    const strip = ({ createdAt: _c, updatedAt: _u, ...rest }: (typeof FALLBACK_PROJECTS)[number]) => rest;
    expect(builtInProjects(new Date()).map(strip)).toEqual(FALLBACK_PROJECTS.map(strip));
  });
});
