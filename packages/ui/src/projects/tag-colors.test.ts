/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TAG_COLORS, tagClasses, tagColor } from "./tag-colors.ts";

describe("tag colours", () => {
  it("maps languages and technologies case-insensitively", () => {
    expect(tagColor("TypeScript")).toBe("blue");
    expect(tagColor(" python ")).toBe("indigo");
    expect(tagColor("Node.js")).toBe("green");
  });
  it("defaults to grey", () => {
    expect(tagColor("Something New")).toBe("gray");
    expect(tagClasses("Something New")).toBe("tag-gray");
  });
  it("has a class in tag-colors.css for every colour, with the grey one on slate", () => {
    const css = readFileSync(new URL("./tag-colors.css", import.meta.url), "utf8");
    for (const color of TAG_COLORS) expect(css).toMatch(new RegExp(`\\.tag-${color} \\{\\n\\s*@apply bg-`));
    expect(css).toContain(".tag-gray {\n    @apply bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200;");
  });
});
