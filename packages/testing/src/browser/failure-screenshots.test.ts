/**
 * The browser tests' `test` photographs the pages of a failed test and of no other: Playwright's own
 * `only-on-failure` photographs every page at every context's close, which cost most of a second per test.
 * Runs Playwright itself on two tests in a scratch folder, one passing and one failing, in Debian's Chromium.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, TEST_CHROME_PATH } from "./chromium.mjs";

const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve("@playwright/test/cli");

interface JsonReport {
  suites: Array<{
    specs: Array<{
      title: string;
      tests: Array<{ results: Array<{ status: string; attachments: Array<{ name: string }> }> }>;
    }>;
  }>;
}

let dir: string;
let report: JsonReport;
let images: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-failure-screenshots-"));
  const results = join(dir, "results");
  writeFileSync(
    join(dir, "playwright.config.mjs"),
    `export default ${JSON.stringify({
      testDir: dir,
      testMatch: "*.spec.ts",
      outputDir: results,
      workers: 1,
      reporter: [["json", { outputFile: join(dir, "report.json") }]],
      use: {
        headless: true,
        launchOptions: { executablePath: TEST_CHROME_PATH, args: CHROMIUM_ARGS },
        screenshot: "off",
      },
    })};\n`,
  );
  writeFileSync(
    join(dir, "pages.spec.ts"),
    `import { test } from ${JSON.stringify(join(import.meta.dirname, "failure-screenshots.ts"))};
import { appendFileSync } from "node:fs";
// Notes every picture taken of the passing test's page, whoever takes it.
test("passes", async ({ page }) => {
  const shoot = page.screenshot.bind(page);
  page.screenshot = (options) => { appendFileSync(${JSON.stringify(join(dir, "shots.txt"))}, "passes\\n"); return shoot(options); };
  await page.setContent("<p>fine</p>");
});
test("fails", async ({ page }) => { await page.setContent("<p>broken</p>"); throw new Error("on purpose"); });
`,
  );
  const run = spawnSync(process.execPath, [PLAYWRIGHT_CLI, "test", "--config", join(dir, "playwright.config.mjs")], {
    cwd: dir,
    encoding: "utf8",
  });
  if (run.status !== 1) throw new Error(`Playwright should fail one test: ${run.stdout}${run.stderr}`);
  report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as JsonReport;
  images = readdirSync(results, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".png"));
}, 90_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function attachments(title: string): string[] {
  const spec = report.suites.flatMap((suite) => suite.specs).find((s) => s.title === title);
  return spec?.tests[0]?.results[0]?.attachments.map((attachment) => attachment.name) ?? [];
}

describe("failure screenshots", () => {
  it("attach a picture of the page to a failed test", () => {
    expect(attachments("fails")).toContain("screenshot");
  });

  it("take no picture of a test that passed", () => {
    expect(attachments("passes")).not.toContain("screenshot");
    expect(existsSync(join(dir, "shots.txt"))).toBe(false);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/fails.*test-failed-1\.png$/);
  });
});
