import { describe, expect, it } from "vitest";
import { testRuns } from "./browser-suites.mjs";

describe("testRuns", () => {
  it("lists every run of every test, named by file, line and titles, with whether it passed", () => {
    const report = {
      suites: [
        {
          title: "home.e2e.ts",
          specs: [
            {
              title: "top",
              file: "home.e2e.ts",
              line: 3,
              tests: [{ results: [{ status: "passed" }, { status: "failed" }] }],
            },
          ],
          suites: [
            {
              title: "badge",
              specs: [
                {
                  title: "clears",
                  file: "home.e2e.ts",
                  line: 9,
                  tests: [{ results: [{ status: "timedOut" }, { status: "skipped" }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(testRuns(report)).toEqual([
      { id: "home.e2e.ts:3 › top", ok: true },
      { id: "home.e2e.ts:3 › top", ok: false },
      { id: "home.e2e.ts:9 › badge › clears", ok: false },
      { id: "home.e2e.ts:9 › badge › clears", ok: true },
    ]);
  });
});
