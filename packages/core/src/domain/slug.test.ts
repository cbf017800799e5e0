import { describe, expect, it } from "vitest";
import { SLUG_MESSAGES, slugCandidate, slugify } from "./slug.ts";
import { slugSchema } from "./slug-schema.ts";
import { firstError } from "./validation.ts";

describe("slugify: a project's address from its title", () => {
  it("folds diacritics, lower-cases, and turns every run of other characters into one hyphen", () => {
    expect(slugify("  Crème Brûlée: the Ünïcode   Tour!! ")).toBe("creme-brulee-the-unicode-tour");
  });

  it("cuts at 80 characters without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} bcd`);
    expect(slug).toBe("a".repeat(79));
  });

  it("names a title with no letter or digit 'project'", () => {
    expect(slugify("★ ☆ ★")).toBe("project");
  });

  it("suffixes -2, -3 and keeps the whole within 80 characters", () => {
    expect(slugCandidate("bot", 1)).toBe("bot");
    expect(slugCandidate("bot", 3)).toBe("bot-3");
    expect(slugCandidate("a".repeat(80), 12)).toBe(`${"a".repeat(77)}-12`);
  });
});

describe("a slug set by hand", () => {
  it("is refused with a clear message unless lowercase letters, digits and single hyphens", () => {
    expect(firstError(slugSchema, "Not A Slug")).toBe(SLUG_MESSAGES.format);
    expect(firstError(slugSchema, "a--b")).toBe(SLUG_MESSAGES.format);
    expect(firstError(slugSchema, "a".repeat(81))).toBe(SLUG_MESSAGES.length);
    expect(firstError(slugSchema, "my-bot-2")).toBeNull();
  });
});
