import { describe, expect, it } from "vitest";
import { tagClasses, tagColor } from "./tag-colors.ts";

describe("tag colours", () => {
  it("maps languages and technologies case-insensitively", () => {
    expect(tagColor("TypeScript")).toBe("blue");
    expect(tagColor(" python ")).toBe("indigo");
    expect(tagColor("Node.js")).toBe("green");
  });
  it("defaults to grey", () => {
    expect(tagColor("Something New")).toBe("gray");
    expect(tagClasses("Something New")).toContain("bg-slate-200");
  });
});
