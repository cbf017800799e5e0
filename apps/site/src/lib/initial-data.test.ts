import { FALLBACK_PROJECTS } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { DEFAULT_INITIAL_DATA, inOrder, parseInitialData, serializeInitialData } from "./initial-data.tsx";

describe("initial data embedded in the HTML", () => {
  it("round-trips and cannot close its <script> element", () => {
    const data = {
      projects: [{ ...FALLBACK_PROJECTS[0], title: "</script><script>alert(1)</script>" }],
      order: ["fallback-1"],
      builtAt: "2026-11-21T00:00:00.000Z",
    } as typeof DEFAULT_INITIAL_DATA;
    const text = serializeInitialData(data);
    expect(text).not.toContain("</script>");
    expect(parseInitialData(text)).toEqual(data);
  });
  it("falls back to the built-in list when missing or broken", () => {
    expect(parseInitialData(null)).toEqual(DEFAULT_INITIAL_DATA);
    expect(parseInitialData("{oops")).toEqual(DEFAULT_INITIAL_DATA);
    expect(parseInitialData("{}").projects).toHaveLength(14);
  });
});

describe("inOrder", () => {
  it("arranges projects by id, skipping unknown ids and keeping new projects", () => {
    const [a, b, c] = FALLBACK_PROJECTS;
    if (!a || !b || !c) throw new Error("fixture");
    expect(inOrder([a, b, c], [c._id, "gone", a._id]).map((p) => p._id)).toEqual([c._id, a._id, b._id]);
  });
});
