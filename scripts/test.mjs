// `pnpm test` / `npm test`: the whole suite. Unit and API integration tests (Vitest), then the browser
// end-to-end tests (Playwright in Debian's Chromium) against the real server serving the real static export.
// Ends with one tally line, "N passed, N failed", over both runners.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { postgresBinDir } from "../packages/core/src/test/postgres-cluster-process.mjs";
import { BROWSER_SUITES, requireTestBrowser, runBrowserSuite } from "./browser-suites.mjs";
import { POSTGRES_PASS, POSTGRES_PASS_EXCLUDES } from "./postgres-pass.mjs";
import { slowestFiles } from "./slowest-files.mjs";
import { ensureInstalled, pnpm, root, run, runPnpm } from "./workspace.mjs";

// What the suite needs from the machine is checked before anything runs, so a missing browser or
// PostgreSQL is told in the first second, not after the Vitest passes.
requireTestBrowser();
try {
  postgresBinDir();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
ensureInstalled();
const suiteStarted = Date.now();
/** How long each pass took, printed at the end: the suite's time is a figure the run reports itself. */
const passTimes = [];
const timed = (name, work) => {
  const started = Date.now();
  const result = work();
  passTimes.push({ name, seconds: (Date.now() - started) / 1000, slowest: [] });
  return result;
};
/** The pass just timed: its slowest files, from the report it wrote. */
const noteSlowest = (report) => {
  passTimes.at(-1).slowest = slowestFiles(report, root);
};
const reports = join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const [pnpmCommand, pnpmPrefix] = pnpm();
const tally = { passed: 0, failed: 0, skipped: 0 };
let failedRuns = 0;

// 1. Vitest: domain rules, services, API integration, on SQLite (the default) ...
// ... then 1b. the tests of what differs between the dialects again on PostgreSQL (postgres-pass.mjs: all of
// core, and the server tests where the database decides the outcome): the vitest global setup starts a throwaway
// cluster (Debian's initdb/pg_ctl) and each test gets its own database. If PostgreSQL cannot start, that
// run fails loudly; it never skips. The scale tests (several server processes on one database,
// apps/server/src/scale) need PostgreSQL: they run in that pass only, and the pass fails if they did not.
const SCALE_TESTS = "apps/server/src/scale/";
const vitestRuns = [
  { name: "vitest", env: {}, paths: [], exclude: [`${SCALE_TESTS}**`] },
  {
    name: "vitest-postgres",
    env: { TEST_DATABASE: "postgres" },
    paths: POSTGRES_PASS,
    exclude: POSTGRES_PASS_EXCLUDES,
    mustRun: SCALE_TESTS,
  },
  // 1c. Timing tests (`*.quiet.test.ts`), alone and one file at a time: nothing else loads the machine.
  { name: "vitest-quiet", env: { QUIET_TESTS: "1" }, paths: [], exclude: [] },
];
for (const { name, env, paths, exclude, mustRun } of vitestRuns) {
  const vitestJson = join(reports, `${name}.json`);
  if (env.TEST_DATABASE)
    console.log(`\nWhat differs between the dialects, again on PostgreSQL (TEST_DATABASE=${env.TEST_DATABASE}):`);
  const vitestStatus = timed(name, () =>
    run(
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
    ),
  );
  if (vitestStatus !== 0) failedRuns++;
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, "utf8"));
    noteSlowest(report);
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

// 2. Browser end-to-end tests: the site against the real server, then the desktop renderer.
timed("build", () => runPnpm(["build"]));
for (const suite of BROWSER_SUITES) {
  const { status, report } = timed(`browser-${suite.name}`, () =>
    runBrowserSuite(suite, join(reports, `playwright-${suite.name}.json`)),
  );
  if (status !== 0) failedRuns++;
  if (report) {
    noteSlowest(report);
    const { stats } = report;
    tally.passed += stats.expected + (stats.flaky ?? 0);
    tally.failed += stats.unexpected;
    tally.skipped += stats.skipped;
  } else if (status !== 0) {
    tally.failed++;
  }
}

console.log("\nTime per pass:");
for (const { name, seconds, slowest } of passTimes) {
  console.log(`  ${name.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s`);
  for (const file of slowest) console.log(`    ${file.seconds.toFixed(1).padStart(7)} s  ${file.file}`);
}
console.log(`  ${"total".padEnd(18)} ${((Date.now() - suiteStarted) / 1000).toFixed(0).padStart(5)} s`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ""}`);
process.exit(failedRuns > 0 || tally.failed > 0 ? 1 : 0);
