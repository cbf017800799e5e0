import { describe, expect, it } from "vitest";
import { projectPagePath, slugOfProjectPath } from "./project-paths.ts";

describe("slugOfProjectPath", () => {
  it("reads the slug of a project page", () => {
    expect(slugOfProjectPath("/projects/chat-bot-2")).toBe("chat-bot-2");
  });

  it("ignores a trailing slash", () => {
    expect(slugOfProjectPath("/projects/chat-bot/")).toBe("chat-bot");
  });

  it("matches without regard to case", () => {
    expect(slugOfProjectPath("/Projects/Chat-Bot")).toBe("chat-bot");
  });

  it("is null for the bare prefix", () => {
    expect(slugOfProjectPath("/projects/")).toBeNull();
  });

  it("is null for a deeper path", () => {
    expect(slugOfProjectPath("/projects/chat-bot/og.png")).toBeNull();
  });

  it("is null for characters a slug never has", () => {
    expect(slugOfProjectPath("/projects/chat_bot")).toBeNull();
    expect(slugOfProjectPath("/projects/..%2f")).toBeNull();
    expect(slugOfProjectPath("/projects/a--b")).toBeNull();
  });

  it("is null for a slug longer than 80 characters", () => {
    expect(slugOfProjectPath(`/projects/${"a".repeat(81)}`)).toBeNull();
    expect(slugOfProjectPath(`/projects/${"a".repeat(80)}`)).toBe("a".repeat(80));
  });

  it("is null for another route", () => {
    expect(slugOfProjectPath("/calendar")).toBeNull();
  });
});

describe("projectPagePath", () => {
  it("is the page's path", () => {
    expect(projectPagePath("chat-bot")).toBe("/projects/chat-bot");
  });
});
