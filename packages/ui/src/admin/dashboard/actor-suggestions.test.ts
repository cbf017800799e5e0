import { describe, expect, it } from "vitest";
import { ACTOR_SUGGESTIONS, actorSuggestionQuery } from "./actor-suggestions.ts";

describe("the audit log's 'Who' suggestions", () => {
  it("ask the users search for a few names starting with what was typed", () => {
    expect(actorSuggestionQuery("  ow ")).toEqual({ q: "ow", limit: ACTOR_SUGGESTIONS });
    expect(ACTOR_SUGGESTIONS).toBe(8);
  });

  it("ask nothing while the box is empty", () => {
    expect(actorSuggestionQuery("   ")).toBeNull();
  });
});
