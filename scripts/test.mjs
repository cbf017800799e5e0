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
// run fails loudly; it never skips.
const vitestRuns = [
  { name: "vitest", env: {}, paths: [] },
  { name: "vitest-postgres", env: { TEST_DATABASE: "postgres" }, paths: ["packages/core/src", "apps/server/src"] },
];
for (const { name, env, paths } of vitestRuns) {
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
