import type { Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import {
  commitTag,
  EMPTY_PROJECT_FORM,
  isProjectFormDirty,
  linkProblem,
  projectBodyFrom,
  projectFormFrom,
  removeTag,
  tagInputProblem,
} from "./project-form.ts";

const project: Project = {
  _id: "p1",
  title: "Bot",
  description: "A bot",
  github: "https://github.com/x/bot",
  externalLink: "/twitchheartwidget",
  isArchived: false,
  isLatest: true,
  tags: ["TypeScript"],
  slug: "s",
  longDescription: "",
  pictures: [],
  createdAt: "2026-01-01",
  updatedAt: "2026-01-01",
  version: 1,
};

describe("project editor rules", () => {
  it("adds a tag only when non-empty and new, then clears the input", () => {
    let form = { ...EMPTY_PROJECT_FORM, tagInput: "  React " };
    form = commitTag(form);
    expect(form).toMatchObject({ tags: ["React"], tagInput: "" });
    form = commitTag({ ...form, tagInput: "React" });
    expect(form).toMatchObject({ tags: ["React"], tagInput: "React" });
    expect(tagInputProblem(form)).toBe('"React" is already a tag.');
    form = commitTag({ ...form, tagInput: "   " });
    expect(form).toMatchObject({ tags: ["React"], tagInput: "" });
    expect(tagInputProblem(form)).toBeNull();
    expect(removeTag(form, "React").tags).toEqual([]);
  });

  it("checks links: http(s) for Code, also a /path for Demo; empty is fine", () => {
    expect(linkProblem("", false)).toBeNull();
    expect(linkProblem("https://github.com/x", false)).toBeNull();
    expect(linkProblem("/twitchheartwidget", false)).toBe("Enter a URL starting with https://.");
    expect(linkProblem("/twitchheartwidget", true)).toBeNull();
    expect(linkProblem("//evil.example", true)).not.toBeNull();
    expect(linkProblem("javascript:alert(1)", true)).not.toBeNull();
  });

  it("sends empty links as absent, trims the text", () => {
    const body = projectBodyFrom({ ...EMPTY_PROJECT_FORM, title: " T ", description: " D ", tags: ["a"] });
    expect(body).toEqual({ title: "T", description: "D", isArchived: false, isLatest: false, tags: ["a"] });
    expect("github" in body).toBe(false);
    expect("externalLink" in body).toBe(false);
  });

  it("round-trips a project; clearing a stored link sends an empty string so the server removes it", () => {
    const form = projectFormFrom(project);
    expect(projectBodyFrom(form, project)).toEqual({
      title: "Bot",
      description: "A bot",
      github: "https://github.com/x/bot",
      externalLink: "/twitchheartwidget",
      isArchived: false,
      isLatest: true,
      tags: ["TypeScript"],
    });
    const cleared = projectBodyFrom({ ...form, github: " ", externalLink: "" }, project);
    expect(cleared.github).toBe("");
    expect(cleared.externalLink).toBe("");
  });
});

describe("unsaved changes in the project editor", () => {
  it("a form just opened on a project is clean", () => {
    expect(isProjectFormDirty(projectFormFrom(project), project)).toBe(false);
  });

  it("an empty create form is clean", () => {
    expect(isProjectFormDirty(projectFormFrom(null), null)).toBe(false);
  });

  it("an edited title is an unsaved change", () => {
    expect(isProjectFormDirty({ ...projectFormFrom(project), title: "Bot 2" }, project)).toBe(true);
  });

  it("a tag typed but not yet added is an unsaved change", () => {
    expect(isProjectFormDirty({ ...projectFormFrom(null), tagInput: "Rust" }, null)).toBe(true);
  });

  it("a removed tag is an unsaved change", () => {
    expect(isProjectFormDirty(removeTag(projectFormFrom(project), project.tags[0] ?? ""), project)).toBe(true);
  });
});
