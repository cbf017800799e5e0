// `pnpm test` / `npm test`: the whole suite. Unit and API integration tests (Vitest), then the browser
// end-to-end tests (Playwright in Debian's Chromium) against the real server serving the real static export.
// Ends with one tally line, "N passed, N failed", over both runners.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureInstalled, pnpm, root, run, runPnpm } from "./workspace.mjs";

ensureInstalled();
const reports = join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const [pnpmCommand, pnpmPrefix] = pnpm();
const tally = { passed: 0, failed: 0, skipped: 0 };
let failedRuns = 0;

// 1. Vitest: domain rules, services, API integration, on SQLite (the default) ...
// ... then 1b. the data and API tests again on PostgreSQL: the vitest global setup starts a throwaway
// cluster (Debian's initdb/pg_ctl) and each test gets its own database. If PostgreSQL cannot start, that
// run fails loudly; it never skips. The scale tests (several server processes on one database,
// apps/server/src/scale) need PostgreSQL: they run in that pass only, and the pass fails if they did not.
const SCALE_TESTS = "apps/server/src/scale/";
const vitestRuns = [
  { name: "vitest", env: {}, paths: [], exclude: [`${SCALE_TESTS}**`] },
  {
    name: "vitest-postgres",
    env: { TEST_DATABASE: "postgres" },
    paths: ["packages/core/src", "apps/server/src"],
    exclude: [],
    mustRun: SCALE_TESTS,
  },
  // 1c. Timing tests (`*.quiet.test.ts`), alone and one file at a time: nothing else loads the machine.
  { name: "vitest-quiet", env: { QUIET_TESTS: "1" }, paths: [], exclude: [] },
];
for (const { name, env, paths, exclude, mustRun } of vitestRuns) {
  const vitestJson = join(reports, `${name}.json`);
  if (env.TEST_DATABASE)
    console.log(`\nThe data and API tests again, on PostgreSQL (TEST_DATABASE=${env.TEST_DATABASE}):`);
  const vitestStatus = run(
    pnpmCommand,
    [
      ...pnpmPrefix,
      "exec",
      "vitest",
      "run",
      ...paths,
      ...exclude.map((glob) => `--exclude=${glob}`),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestJson}`,
    ],
    { env: { ...process.env, ...env } },
  );
  if (vitestStatus !== 0) failedRuns++;
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, "utf8"));
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests;
    tally.skipped += report.numPendingTests + report.numTodoTests;
    // A run that failed before any test (e.g. the cluster did not start) still counts as a failure.
    if (vitestStatus !== 0 && report.numFailedTests === 0) tally.failed++;
    if (mustRun) {
      // Tests that must have run in this pass: any of them skipped, or none found, is a failure.
      const results = report.testResults.filter((file) => file.name.includes(mustRun));
      const ran = results
        .flatMap((file) => file.assertionResults)
        .filter((t) => t.status === "passed" || t.status === "failed");
      const skipped = results
        .flatMap((file) => file.assertionResults)
        .filter((t) => t.status !== "passed" && t.status !== "failed");
      if (ran.length === 0 || skipped.length > 0) {
        console.error(
          `\n${name}: the tests under ${mustRun} did not all run (${ran.length} ran, ${skipped.length} skipped).`,
        );
        tally.failed++;
        failedRuns++;
      }
    }
  } else if (vitestStatus !== 0) {
    tally.failed++;
  }
}

// 2. Browser end-to-end tests: the site against the real server, then the desktop renderer (built by
// electron-vite, its preload bridge replaced by a binding to the real main-process handler).
if (!existsSync("/usr/bin/chromium")) {
  console.error(
    "Browser tests need Debian's Chromium at /usr/bin/chromium: run `apt-get install -y chromium` (as root).",
  );
  process.exit(1);
}
runPnpm(["build"]);
for (const [name, args] of [
  ["site", ["--filter", "@portfolio/site", "test:e2e"]],
  ["desktop", ["--filter", "@portfolio/desktop", "exec", "playwright", "test"]],
]) {
  const playwrightJson = join(reports, `playwright-${name}.json`);
  const e2eStatus = run(pnpmCommand, [...pnpmPrefix, ...args, "--reporter=list,json"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  });
  if (e2eStatus !== 0) failedRuns++;
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, "utf8"));
    tally.passed += stats.expected + (stats.flaky ?? 0);
    tally.failed += stats.unexpected;
    tally.skipped += stats.skipped;
  } else if (e2eStatus !== 0) {
    tally.failed++;
  }
}

console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ""}`);
process.exit(failedRuns > 0 || tally.failed > 0 ? 1 : 0);
