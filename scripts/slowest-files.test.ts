import { describe, expect, it } from "vitest";
import { slowestFiles } from "./slowest-files.mjs";

describe("slowestFiles", () => {
  it("ranks a Vitest report's files by their wall time, relative to the root", () => {
    const report = {
      testResults: [
        { name: "/repo/a.test.ts", startTime: 1000, endTime: 1500 },
        { name: "/repo/b.test.ts", startTime: 1000, endTime: 4000 },
        { name: "/repo/c.test.ts", startTime: 2000, endTime: 3000 },
      ],
    };
    expect(slowestFiles(report, "/repo", 2)).toEqual([
      { file: "b.test.ts", seconds: 3 },
      { file: "c.test.ts", seconds: 1 },
    ]);
  });

  it("adds up a Playwright report's test durations per file, through nested suites", () => {
    const result = (duration: number) => ({ tests: [{ results: [{ duration }] }] });
    const report = {
      suites: [
        {
          specs: [{ file: "x.e2e.ts", ...result(1000) }],
          suites: [{ specs: [{ file: "x.e2e.ts", ...result(2500) }] }],
        },
        { specs: [{ file: "y.e2e.ts", ...result(3000) }] },
      ],
    };
    expect(slowestFiles(report, "/repo")).toEqual([
      { file: "x.e2e.ts", seconds: 3.5 },
      { file: "y.e2e.ts", seconds: 3 },
    ]);
  });
});
