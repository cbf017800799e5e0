import { projectsQuerySchema } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { PROJECTS_PAGE_SIZE, projectsPageQuery, projectsRangeLabel, projectsSummary } from "./projects-list.ts";

describe("the Projects tab asks for one page at a time", () => {
  it("asks for the first page A-Z, as the table opens", () => {
    expect(projectsPageQuery({ key: "title", direction: "asc" }, undefined)).toEqual({
      limit: PROJECTS_PAGE_SIZE,
      sort: "az",
    });
  });

  it("asks for Z-A, and for Status either way, as the column headers say", () => {
    expect(projectsPageQuery({ key: "title", direction: "desc" }, undefined)).toEqual({
      limit: PROJECTS_PAGE_SIZE,
      sort: "az",
      direction: "desc",
    });
    expect(projectsPageQuery({ key: "status", direction: "asc" }, undefined)).toEqual({
      limit: PROJECTS_PAGE_SIZE,
      sort: "status",
    });
    expect(projectsPageQuery({ key: "status", direction: "desc" }, undefined).direction).toBe("desc");
  });

  it("continues after the previous page's next, in the same order", () => {
    expect(projectsPageQuery({ key: "status", direction: "asc" }, "abc")).toEqual({
      limit: PROJECTS_PAGE_SIZE,
      sort: "status",
      cursor: "abc",
    });
  });

  it("asks only what the server accepts", () => {
    const query = projectsPageQuery({ key: "title", direction: "desc" }, "abc");
    expect(projectsQuerySchema.parse(query)).toEqual(query);
  });
});

describe("what the Projects tab says about the page", () => {
  it("names the range and the total", () => {
    expect(projectsRangeLabel(0, 50, 10_000)).toBe("Projects 1–50 of 10,000");
    expect(projectsRangeLabel(2, 20, 120)).toBe("Projects 101–120 of 120");
    expect(projectsRangeLabel(0, 1, 1)).toBe("Project 1 of 1");
  });

  it("counts the projects on the site under the heading", () => {
    expect(projectsSummary(10_000)).toBe("10,000 projects on the site.");
    expect(projectsSummary(1)).toBe("1 project on the site.");
  });
});
