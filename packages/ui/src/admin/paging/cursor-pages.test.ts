import { describe, expect, it } from "vitest";
import {
  FIRST_PAGE,
  nextTrail,
  pageRangeLabel,
  previousTrail,
  rowAfterKey,
  trailAfterAnswer,
  trailCursor,
} from "./cursor-pages.ts";

describe("the trail of cursors that leads to the page a tab shows", () => {
  it("starts at the first page, which has no cursor", () => {
    expect(trailCursor(FIRST_PAGE)).toBeUndefined();
  });

  it("goes on with the page's next, and back to the page before", () => {
    const second = nextTrail(FIRST_PAGE, "n1");
    const third = nextTrail(second, "n2");
    expect(trailCursor(third)).toBe("n2");
    expect(previousTrail(third)).toEqual(["n1"]);
    expect(trailCursor(previousTrail(second))).toBeUndefined();
  });

  it("stays on the last page when there is no next", () => {
    expect(nextTrail(["n1"], null)).toEqual(["n1"]);
  });

  it("stays on the first page when asked for the page before it", () => {
    expect(previousTrail(FIRST_PAGE)).toEqual([]);
  });

  it("steps back from a later page that came back empty, and keeps any other page", () => {
    expect(trailAfterAnswer(["n1", "n2"], 0)).toEqual(["n1"]);
    expect(trailAfterAnswer(["n1"], 3)).toEqual(["n1"]);
    expect(trailAfterAnswer(FIRST_PAGE, 0)).toEqual([]);
  });
});

describe("the count line", () => {
  const noun = { one: "Project", many: "Projects" };
  it("names the range of the page and the total", () => {
    expect(pageRangeLabel(noun, 50, 1, 50, 10_000)).toBe("Projects 51–100 of 10,000");
    expect(pageRangeLabel(noun, 50, 0, 1, undefined)).toBe("Project 1");
    expect(pageRangeLabel(noun, 50, 0, 0, 0)).toBe("No projects");
  });
});

describe("moving between rows with the keyboard", () => {
  it("moves down, up, to the first and the last row, and not past either end", () => {
    expect(rowAfterKey("ArrowDown", 0, 3)).toBe(1);
    expect(rowAfterKey("ArrowDown", 2, 3)).toBe(2);
    expect(rowAfterKey("ArrowUp", 0, 3)).toBe(0);
    expect(rowAfterKey("Home", 2, 3)).toBe(0);
    expect(rowAfterKey("End", 0, 3)).toBe(2);
    expect(rowAfterKey("Tab", 0, 3)).toBeNull();
  });
});
