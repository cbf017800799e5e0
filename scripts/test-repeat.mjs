// `pnpm test:repeat N` (default 5): the browser end-to-end suites, every test N times over (Playwright's
// --repeat-each, never a retry), then which tests ever failed and how often, so flakiness is measured, not
// guessed. Extra arguments go to Playwright (a file or a -g filter narrows the run: a suite none of whose tests
// match runs none, and a filter that matches no test in any suite is an error). Exits 1 if any run failed.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { BROWSER_SUITES, requireTestBrowser, runBrowserSuite, testRuns } from "./browser-suites.mjs";
import { ensureInstalled, root, runPnpm } from "./workspace.mjs";

const [count = "5", ...playwrightArgs] = process.argv.slice(2);
const times = Number(count);
if (!Number.isInteger(times) || times < 1) {
  console.error("Usage: pnpm test:repeat [N] [playwright arguments...]   (N: how often each test runs, 1 or more)");
  process.exit(2);
}

ensureInstalled();
requireTestBrowser();
const reports = join(root, ".tmp", "test-repeat");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
runPnpm(["build"]);

let total = 0;
let failed = 0;
let broken = false;
const failures = new Map();
for (const suite of BROWSER_SUITES) {
  const started = Date.now();
  const { status, report } = runBrowserSuite(suite, join(reports, `${suite.name}.json`), [
    `--repeat-each=${times}`,
    // A site test file named is not the desktop suite's, and the other way round.
    "--pass-with-no-tests",
    ...playwrightArgs,
  ]);
  if (!report) {
    console.error(`\n${suite.name}: Playwright wrote no report (exit code ${status}).`);
    broken = true;
    continue;
  }
  const runs = testRuns(report);
  console.log(`\n${suite.name}: ${runs.length} runs in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const run of runs) {
    total++;
    if (run.ok) continue;
    failed++;
    failures.set(`${suite.name}: ${run.id}`, (failures.get(`${suite.name}: ${run.id}`) ?? 0) + 1);
  }
  if (status !== 0 && !runs.some((run) => !run.ok)) broken = true;
}

if (total === 0) {
  console.error(`\nNo test matched ${playwrightArgs.join(" ")} in any browser suite.`);
  broken = true;
}
console.log(`\nEach test ${times} time${times === 1 ? "" : "s"}.`);
if (failures.size === 0) console.log("No test ever failed.");
else {
  console.log("Tests that failed at least once (failed runs of runs):");
  for (const [id, fails] of failures) console.log(`  ${fails}/${times}  ${id}`);
}
console.log(`\n${total - failed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
