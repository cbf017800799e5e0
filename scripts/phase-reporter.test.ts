import { describe, expect, it } from "vitest";
import { phaseOf, phaseTable } from "./phase-reporter.mjs";

const beforeHooks = { category: "hook", title: "Before Hooks" };

describe("phaseOf", () => {
  it("names a fixture by when it ran: set-up before the test, tear-down after it", () => {
    const step = { category: "fixture", title: 'Fixture "server"', parent: beforeHooks };
    expect(phaseOf(step, "before")).toBe('Fixture "server" set-up');
    expect(phaseOf({ ...step, parent: { category: "hook", title: "After Hooks" } }, "after")).toBe(
      'Fixture "server" tear-down',
    );
  });

  it("names an action without its argument, and an expectation by its whole title", () => {
    expect(phaseOf({ category: "pw:api", title: 'Press "Tab"' }, undefined)).toBe("pw:api Press");
    expect(phaseOf({ category: "expect", title: 'Expect "toBeVisible"' }, undefined)).toBe(
      'expect Expect "toBeVisible"',
    );
  });

  it("counts a step inside another step in its parent only, and the hooks only through their fixtures", () => {
    expect(
      phaseOf({ category: "pw:api", title: "Evaluate", parent: { category: "test.step", title: "axe" } }, undefined),
    ).toBe(undefined);
    expect(phaseOf(beforeHooks, undefined)).toBe(undefined);
  });
});

describe("phaseTable", () => {
  it("lists the phases largest first, with their share of all test time", () => {
    const seconds = new Map([
      ["pw:api Navigate to", 3],
      ['Fixture "server" set-up', 5],
    ]);
    expect(phaseTable(seconds, 20)).toEqual([
      { phase: 'Fixture "server" set-up', seconds: 5, share: 0.25 },
      { phase: "pw:api Navigate to", seconds: 3, share: 0.15 },
    ]);
  });
});
