import type { Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { ApiError, ApiNetworkError } from "../api/api-client.ts";
import { conflictRows, ProjectConflict, projectConflictFrom } from "./project-conflict.ts";

const current: Project = {
  _id: "p1",
  title: "Theirs",
  description: "Their text",
  externalLink: "/demo",
  isArchived: true,
  isLatest: false,
  tags: ["Go", "CLI"],
  slug: "s",
  longDescription: "",
  pictures: [],
  createdAt: "2026-01-01",
  updatedAt: "2026-01-02",
  version: 4,
};

describe("a stale project edit (409 with the current project)", () => {
  it("is recognised with the current project, and says 'This project was changed elsewhere'", () => {
    const conflict = projectConflictFrom(
      new ApiError(409, "This project was changed elsewhere.", { error: "…", current }),
    );
    expect(conflict).toBeInstanceOf(ProjectConflict);
    expect(conflict?.current).toEqual(current);
    expect(conflict?.message).toBe("This project was changed elsewhere");
  });

  it("is not confused with other failures", () => {
    expect(projectConflictFrom(new ApiError(409, "That username is already taken."))).toBeNull();
    expect(projectConflictFrom(new ApiError(400, "Title is required.", { current }))).toBeNull();
    expect(projectConflictFrom(new ApiError(409, "x", { current: { title: "no id" } }))).toBeNull();
    expect(projectConflictFrom(new ApiNetworkError(new Error("down")))).toBeNull();
  });

  it("lists the current values in the form's order", () => {
    expect(conflictRows(current)).toEqual([
      ["Title", "Theirs"],
      ["Description", "Their text"],
      ["Code link", "(none)"],
      ["Demo link", "/demo"],
      ["Status", "Archived"],
      ["Tags", "Go, CLI"],
    ]);
  });
});
