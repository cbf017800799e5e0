import { describe, expect, it } from "vitest";
import { FALLBACK_PROJECTS } from "./fallback-projects.ts";

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
});
