// Part 2 of `pnpm bench:shuffler`: the shuffler page in Debian's Chromium, served by the bench's production
// server and fed by its fake YouTube (5,000-entry playlist).
//
// - Interactive list: from the moment the playlist answer has fully arrived (Resource Timing responseEnd)
//   to the page's `shuffler:list-interactive` mark (set after the list's first paint, once the main thread
//   is free): JSON parsing, merging, the seeded shuffle, rendering the virtualised list, painting.
// - Scrolling: the list is scrolled one step per animation frame (4 rows a frame, a fast flick) for a few
//   seconds while every frame's time is recorded: frames per second and the slowest frames.
//
// The YouTube IFrame API and thumbnails are served by the browser tests' stand-ins (apps/site/e2e/fakes):
// the machine has no internet. Env: BENCH_BROWSER_RUNS (default 5), CHROME_PATH (default /usr/bin/chromium).
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CHROME_PATH, CHROMIUM_ARGS } from "@portfolio/testing/browser/chromium.mjs";
import { build } from "esbuild";
import { trackTempDir } from "./cleanup.mjs";
import { fmt, median, numberFromEnv, percentile } from "./stats.mjs";

const GOALS = { maxInteractiveMs: 200, minScrollFps: 50 };
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const siteDir = path.join(repoRoot, "apps/site");
const log = (message) => console.error(`bench: ${message}`);

/** Playwright from the site's dependencies, and the tests' YouTube stand-ins bundled for plain Node. */
async function loadTools() {
  const require = createRequire(path.join(siteDir, "package.json"));
  const playwright = await import(pathToFileURL(require.resolve("@playwright/test")).href);
  const tmp = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-shuffler-browser-")));
  const outfile = path.join(tmp, "youtube-player-stub.mjs");
  await build({
    entryPoints: [path.join(siteDir, "e2e/fakes/youtube-player-stub.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["@playwright/test"],
    logLevel: "warning",
  });
  const stub = await import(pathToFileURL(outfile).href);
  return { chromium: playwright.chromium ?? playwright.default?.chromium, routeYouTube: stub.routeYouTube };
}

async function oneLoad(browser, routeYouTube, origin, playlistId) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await routeYouTube(page);
    await page.goto(`${origin}/playlist-shuffler`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByTestId("playlist-url-0").fill(`https://www.youtube.com/playlist?list=${playlistId}`);
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await page
      .waitForFunction(() => performance.getEntriesByName("shuffler:list-interactive").length > 0, null, {
        timeout: 30_000,
      })
      .catch(async (error) => {
        const shown =
          (await page
            .locator("main")
            .textContent()
            .catch(() => "")) ?? "";
        throw new Error(`the list did not become interactive: ${error.message}\npage: ${shown.slice(0, 500)}`);
      });
    const timing = await page.evaluate(() => {
      const answer = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/api/youtube-playlist?playlistId="));
      const mark = performance.getEntriesByName("shuffler:list-interactive")[0];
      const heading = document.querySelector('[data-testid="queue"] h2')?.textContent ?? "";
      return {
        responseEnd: answer?.responseEnd ?? Number.NaN,
        transferKiB: (answer?.transferSize ?? 0) / 1024,
        mark: mark?.startTime ?? Number.NaN,
        heading,
        rows: document.querySelectorAll('[data-testid="queue-row"]').length,
      };
    });
    return { page, context, ...timing, interactiveMs: timing.mark - timing.responseEnd };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Scrolls the list for SCROLL_SECONDS at a fast flick (4 rows a frame at 60 Hz, 15,000 px/s), back to the top
 * at the end, recording every frame's duration.
 */
const SCROLL_SECONDS = 4;
const SCROLL_STEP_PX = 256;
function measureScroll(page) {
  return page.evaluate(
    ({ seconds, step }) =>
      new Promise((resolve) => {
        const scroller = document.querySelector('[data-testid="queue-scroller"]');
        const frames = [];
        let travelled = 0;
        let last = performance.now();
        const started = last;
        const tick = (now) => {
          frames.push(now - last);
          last = now;
          if (now - started >= seconds * 1000) {
            resolve({ frames: frames.slice(1), seconds: (now - started) / 1000, travelled });
            return;
          }
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
          scroller.scrollTop = atEnd ? 0 : scroller.scrollTop + step;
          travelled += step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { seconds: SCROLL_SECONDS, step: SCROLL_STEP_PX },
  );
}

export async function browserHalf({ origin, playlistId }) {
  const title = "Shuffler bench, Chromium half: data arrival to an interactive list, and scrolling the list";
  if (!existsSync(path.join(siteDir, "dist/playlist-shuffler.html"))) {
    return {
      lines: [title, "skipped: the site export is missing (run `pnpm --filter @portfolio/site build`)"],
      checks: [],
    };
  }
  if (!existsSync(CHROME_PATH)) return { lines: [title, `skipped: no Chromium at ${CHROME_PATH}`], checks: [] };
  const runs = numberFromEnv("BENCH_BROWSER_RUNS", 5);
  const { chromium, routeYouTube } = await loadTools();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  try {
    const loads = [];
    let scroll = null;
    for (let i = 0; i < runs; i++) {
      log(`Chromium load ${i + 1} of ${runs}`);
      const load = await oneLoad(browser, routeYouTube, origin, playlistId);
      loads.push(load);
      if (i === runs - 1) {
        log("scrolling the list");
        scroll = await measureScroll(load.page);
      }
      await load.context.close();
    }
    const interactive = loads.map((load) => load.interactiveMs);
    const frames = scroll.frames;
    const fps = (frames.length / frames.reduce((sum, ms) => sum + ms, 0)) * 1000;
    const slow = frames.filter((ms) => ms > 50).length;
    const lines = [
      title,
      `list: "${loads[0].heading}", ${loads[0].rows} rows in the DOM (virtualised), answer ${fmt(loads[0].transferKiB, 0)} KiB on the wire`,
      `data arrival to interactive list (${runs} runs): median ${fmt(median(interactive))} ms, max ${fmt(Math.max(...interactive))} ms (runs: ${interactive.map((ms) => fmt(ms, 0)).join(", ")})`,
      `scrolling the list for ${fmt(scroll.seconds, 1)} s at ${SCROLL_STEP_PX} px a frame (${(scroll.travelled / 1000).toFixed(0)}k px, ${Math.round(scroll.travelled / 64)} rows): ${fmt(fps)} frames/s, median frame ${fmt(median(frames))} ms, p95 ${fmt(percentile(frames, 95))} ms, max ${fmt(Math.max(...frames))} ms, ${slow} of ${frames.length} frames over 50 ms`,
    ];
    const checks = [
      [
        `interactive list <= ${GOALS.maxInteractiveMs} ms after the data (median)`,
        median(interactive) <= GOALS.maxInteractiveMs,
        `${fmt(median(interactive))} ms`,
      ],
      [
        `scrolling the 5,000-row list >= ${GOALS.minScrollFps} frames/s`,
        fps >= GOALS.minScrollFps,
        `${fmt(fps)} frames/s`,
      ],
    ];
    return { lines, checks };
  } finally {
    await browser.close();
  }
}
