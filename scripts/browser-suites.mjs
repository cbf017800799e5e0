// The browser end-to-end suites (Playwright in Debian's headless Chromium), as `pnpm test` and
// `pnpm test:repeat` run them: the site against the real server, then the desktop renderer (built by
// electron-vite, its preload bridge replaced by a binding to the real main-process handler).
import { existsSync, readFileSync } from "node:fs";
import { TEST_CHROME_PATH } from "../packages/testing/src/browser/chromium.mjs";
import { pnpm, run } from "./workspace.mjs";

export const BROWSER_SUITES = [
  { name: "site", args: ["--filter", "@portfolio/site", "test:e2e"] },
  { name: "desktop", args: ["--filter", "@portfolio/desktop", "exec", "playwright", "test"] },
];

/** Stops with a clear message when the browser the tests drive is missing. */
export function requireTestBrowser() {
  if (existsSync(TEST_CHROME_PATH)) return;
  console.error(
    `Browser tests need Debian's headless Chromium at ${TEST_CHROME_PATH}: run \`apt-get install -y chromium-headless-shell\` (as root).`,
  );
  process.exit(1);
}

/**
 * Runs one suite with Playwright's list reporter on screen and its JSON report in `reportFile`; returns the
 * exit status and the parsed report (undefined when Playwright wrote none).
 */
export function runBrowserSuite(suite, reportFile, extraArgs = []) {
  const [pnpmCommand, pnpmPrefix] = pnpm();
  const status = run(pnpmCommand, [...pnpmPrefix, ...suite.args, "--reporter=list,json", ...extraArgs], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
  });
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, "utf8")) : undefined;
  return { status, report };
}

/** Every run of every test in a Playwright JSON report: `{ id: "file:line › title", ok }`. */
export function testRuns(report) {
  const runs = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          runs.push({
            id: `${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}`,
            ok: result.status === "passed" || result.status === "skipped",
          });
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return runs;
}
