/**
 * Where a pass's time goes: its slowest test files, read from the JSON report the pass wrote (Vitest's or
 * Playwright's). `pnpm test` prints them after each pass's time, so a file that grows slow shows in every run.
 */
import { relative } from "node:path";

/** Vitest's JSON report: each file's wall time, start to end. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({ file: file.name, ms: file.endTime - file.startTime }));
}

/** Playwright's JSON report: each file's tests' durations added up (workers run files side by side). */
function playwrightFiles(report) {
  const totals = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) totals.set(spec.file, (totals.get(spec.file) ?? 0) + result.duration);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return [...totals].map(([file, ms]) => ({ file, ms }));
}

/** The `count` slowest files of a report, slowest first, paths relative to `root`. */
export function slowestFiles(report, root, count = 5) {
  const files = "testResults" in report ? vitestFiles(report) : playwrightFiles(report);
  return files
    .map(({ file, ms }) => ({ file: file.startsWith("/") ? relative(root, file) : file, seconds: ms / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
