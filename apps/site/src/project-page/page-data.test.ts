import { FALLBACK_PROJECTS, type Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { projectCardPath, projectPageData } from "./page-data.ts";

const base = FALLBACK_PROJECTS[0] as Project;
const project = (id: string, title: string, extra: Partial<Project> = {}): Project => ({
  ...base,
  _id: id,
  title,
  slug: title.toLowerCase(),
  isLatest: false,
  isArchived: false,
  pictures: [],
  longDescription: "",
  ...extra,
});

const PICTURE = { hash: "a".repeat(64), alt: "A", caption: "", width: 1600, height: 900, cover: true };

describe("projectPageData", () => {
  const list = [
    project("1", "Bravo"),
    project("2", "Alpha", { isArchived: true }),
    project("3", "Charlie", { isLatest: true }),
    project("4", "Delta"),
  ];

  it("finds the neighbours in the Status order: latest, active, archived, each by title", () => {
    const data = projectPageData(list[0] as Project, list, "Alex");
    expect([data.previous?.slug, data.next?.slug]).toEqual(["charlie", "delta"]);
  });

  it("has no previous project for the first and no next one for the last", () => {
    expect(projectPageData(list[2] as Project, list, "Alex").previous).toBeNull();
    expect(projectPageData(list[1] as Project, list, "Alex").next).toBeNull();
  });

  it("gives the project's status", () => {
    expect(list.map((p) => projectPageData(p, list, "Alex").status)).toEqual([
      "active",
      "archived",
      "latest",
      "active",
    ]);
  });

  it("renders the long description to sanitised HTML", () => {
    const data = projectPageData(project("5", "Echo", { longDescription: "Hi <b>x</b>" }), list, "Alex");
    expect(data.descriptionHtml).toBe("<p>Hi &lt;b&gt;x&lt;/b&gt;</p>\n");
  });

  it("carries what the page shows, not the Markdown source", () => {
    const data = projectPageData(project("5", "Echo", { longDescription: "# Long" }), list, "Alex");
    expect(data.project).not.toHaveProperty("longDescription");
  });
});

describe("projectCardPath", () => {
  it("is beside the page, named by what the card shows", () => {
    expect(projectCardPath(project("1", "Bravo"), "Alex")).toMatch(/^\/projects\/bravo\/card-[0-9a-f]{16}\.png$/);
  });

  it("changes with the cover", () => {
    const without = projectCardPath(project("1", "Bravo"), "Alex");
    expect(projectCardPath(project("1", "Bravo", { pictures: [PICTURE] }), "Alex")).not.toBe(without);
  });

  it("stays when only the long description changes", () => {
    const card = projectCardPath(project("1", "Bravo"), "Alex");
    expect(projectCardPath(project("1", "Bravo", { longDescription: "more" }), "Alex")).toBe(card);
  });
});
