/**
 * Browser tests against the real server (apps/server/dist/main.js) serving the real static export
 * (apps/site/dist), in Debian's Chromium. Builds nothing: the root `pnpm test` builds first.
 */
import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROME_PATH } from "@portfolio/testing/browser/chromium.mjs";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/global-setup.ts",
  // As many workers as cores: the browsers, the servers and the test runner keep each core busy.
  workers: availableParallelism(),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: TEST_CHROME_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    // The site honours prefers-reduced-motion (the live badge's endless ping, dialogs and notices popping in):
    // with it, a page at rest draws no frames, which on two cores is CPU the renderer and the compositor give
    // back (docs/performance.md, "Suite time"). A file or block about an animation or a smooth scroll sets
    // `test.use({ reducedMotion: "no-preference" })` and says so.
    reducedMotion: "reduce",
    // No trace recording: it costs about a third of the suite's time on two cores (snapshots and a
    // screencast of every step of every test). To debug a failure, run it again with `--trace on`.
    trace: "off",
    // A failed test's pages are photographed by the tests' own `test` (packages/testing/src/browser/
    // failure-screenshots.ts): Playwright's "only-on-failure" screenshots every page at every context's close,
    // passed or not, most of a second per test on two busy cores.
    screenshot: "off",
  },
});
