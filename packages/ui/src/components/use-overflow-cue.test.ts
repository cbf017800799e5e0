import { describe, expect, it } from "vitest";
import { overflowCue } from "./use-overflow-cue.ts";

describe("the scroll cue of a sideways-scrolling box", () => {
  it("shows nothing when the content fits", () => {
    expect(overflowCue(0, 358, 358)).toEqual({ before: false, after: false });
  });

  it("points right at the start of wider content", () => {
    expect(overflowCue(0, 400, 358)).toEqual({ before: false, after: true });
  });

  it("points both ways in the middle", () => {
    expect(overflowCue(20, 400, 358)).toEqual({ before: true, after: true });
  });

  it("points left only at the end", () => {
    expect(overflowCue(42, 400, 358)).toEqual({ before: true, after: false });
  });
});
