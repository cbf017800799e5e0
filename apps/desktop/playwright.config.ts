/**
 * The desktop renderer in Debian's Chromium (never a downloaded browser): the page electron-vite built
 * (out/renderer, served by the same handler as Electron's app:// protocol), with the preload bridge replaced by a
 * Playwright binding that calls the real main-process handler (`createDesktopMain(...).handleInvoke`)
 * over real better-sqlite3, against the real server on 127.0.0.1. `test:e2e` builds first.
 */
import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROME_PATH } from "@portfolio/testing/browser/chromium.mjs";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.e2e.ts",
  // As many workers as cores: the browsers, the servers and the test runner keep each core busy.
  workers: availableParallelism(),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: TEST_CHROME_PATH, args: [...CHROMIUM_ARGS] },
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    // The renderer's dialogs and notices pop in unless the system asks for reduced motion (packages/ui): as on
    // the site's tests (docs/performance.md, "Suite time"), none of these tests is about an animation, and a
    // page at rest then draws no frames, CPU the renderer and the compositor give back on two cores.
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
