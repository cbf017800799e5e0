#!/usr/bin/env node
/**
 * pnpm bench:site: figures for every public page (home, login, shuffler, calendar and the four widget
 * builders), served by the real server from the real static export.
 *
 * 1. Per page, the bytes of HTML, JS and CSS that opening it loads, with no interaction, until the network is
 *    idle (raw and gzip), measured in Debian's Chromium through Playwright. Code fetched right after
 *    hydration counts as much as code fetched before it; only chunks loaded on use (a dialog, another page)
 *    are left out, since nothing is used. The request count is of those made before the page is
 *    interactive: React has hydrated it (the `data-hydrated` marker on <html>). The home page's files are
 *    listed one by one, marked before or after that.
 * 2. Lighthouse (mobile preset, simulated throttling) with Debian's Chromium: performance, accessibility,
 *    best practices and SEO scores, LCP and TBT; the median of --runs runs (default 1) by performance.
 *
 * The project page is one the bench makes first through the real API: a project with six pictures
 * (project-seed.mjs); its pictures' bytes are printed too (what Chromium was sent: AVIF).
 *
 * 3. The floor, in the same run with the same Lighthouse: the least a page can be (floor-page.mjs), which is
 *    what this machine's browser costs before a page does anything. Its score and its spread from run to run
 *    say how far below 100 a page can be pushed by the machine alone. --no-floor leaves it out.
 *
 * Targets: HTML of / <= 40 kB raw; JS of / <= 90 kB gzip; every score 100 on every page (SEO does not
 * apply to a page marked noindex: the widget builders are, on purpose).
 * Builds nothing: run `pnpm build` first. Options: --runs N, --json (machine-readable line at the end),
 * --reports DIR (write each Lighthouse report there as JSON), --no-floor, --strict (exit 1 when a target is missed), --url URL (measure a server that is already running, e.g. a
 * deployment, instead of starting the real server), --pages /a,/b (measure only these).
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROME_PATH, CHROMIUM_ARGS } from "@portfolio/testing/browser/chromium.mjs";
import lighthouse from "lighthouse";
import { startRealServer } from "../scripts/testing/real-server.mjs";
import { startFloorPage } from "./floor-page.mjs";
import { seedProjectPage } from "./project-seed.mjs";

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs")) > 0 ? Number(option("--runs")) : 1;
/** Stands for the page of a project with six pictures, made before measuring (not with --url). */
const PROJECT_PAGE = "/projects/{six-pictures}";
const PAGES = option("--pages")?.split(",") ?? [
  "/",
  "/login",
  "/playlist-shuffler",
  "/calendar",
  "/privacy",
  "/twitchchatwidget",
  "/twitchcountdownwidget",
  "/twitchcotdwidget?setup=1", // its bare address is the overlay itself
  "/twitchheartwidget",
  PROJECT_PAGE,
];
const TARGETS = { homeHtmlRawKb: 40, homeJsGzipKb: 90, score: 100 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

function kindOf(type, url) {
  if (type === "document") return "html";
  if (type === "script" || /\.m?js(\?|$)/.test(url)) return "js";
  if (type === "stylesheet" || /\.css(\?|$)/.test(url)) return "css";
  if (type === "fetch" || type === "xhr") return "api";
  if (type === "image") return "img";
  return "other";
}

async function measureBytes(url) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 412, height: 823 } })).newPage();
    const entries = [];
    let hydrated = false;
    const pending = [];
    page.on("response", (response) => {
      const request = response.request();
      const before = !hydrated;
      pending.push(
        response
          .body()
          .catch(() => Buffer.alloc(0))
          .then((body) =>
            entries.push({
              url: request.url(),
              kind: kindOf(request.resourceType(), request.url()),
              status: response.status(),
              encoding: response.headers()["content-encoding"] ?? "identity",
              type: response.headers()["content-type"] ?? "",
              raw: body.length,
              gzip: gzipSize(body),
              beforeInteractive: before,
            }),
          ),
      );
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForSelector("html[data-hydrated='true']", { state: "attached", timeout: 30_000 });
    const interactiveMs = Date.now() - started;
    hydrated = true;
    const noindex = /noindex/.test(
      (await page
        .locator('meta[name="robots"]')
        .getAttribute("content")
        .catch(() => null)) ?? "",
    );
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    return { entries, interactiveMs, noindex };
  } finally {
    await browser.close();
  }
}

async function launchChromeForLighthouse() {
  const profile = await mkdtemp(join(tmpdir(), "lh-chrome-"));
  return new Promise((resolve, reject) => {
    const child = spawn(
      CHROME_PATH,
      [
        "--headless=new",
        ...CHROMIUM_ARGS,
        "--no-default-browser-check",
        "--remote-debugging-port=0",
        `--user-data-dir=${profile}`,
        "about:blank",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          port: Number(match[1]),
          stop: async () => {
            const exited = new Promise((done) => child.once("exit", done));
            child.kill("SIGTERM");
            await exited;
            await rm(profile, { recursive: true, force: true });
          },
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
}

/** --reports DIR: each run's whole Lighthouse report (its long tasks, main-thread breakdown, request chains). */
const reportsDir = option("--reports");
let reportCount = 0;
async function saveReport(url, lhr) {
  await mkdir(reportsDir, { recursive: true });
  const name = `${String(++reportCount).padStart(2, "0")}-${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-")}.json`;
  await writeFile(join(reportsDir, name), JSON.stringify(lhr));
}

async function runLighthouse(url) {
  const chrome = await launchChromeForLighthouse();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse gave no result.");
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportsDir) await saveReport(url, lhr);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    // Each audit below 100 with the elements it names (a snippet of each, at most three).
    const failing = (id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => {
          const nodes = (lhr.audits[ref.id]?.details?.items ?? [])
            .filter((item) => item.node?.snippet)
            .map(
              (item) =>
                `${item.node.snippet}${item.node.explanation ? ` ${item.node.explanation.split("\n")[1] ?? ""}` : ""}`,
            )
            .slice(0, 3);
          return nodes.length ? `${ref.id} (${nodes.map((n) => n.slice(0, 300)).join(" | ")})` : ref.id;
        });
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      notPerfect: {
        accessibility: failing("accessibility"),
        "best-practices": failing("best-practices"),
        seo: failing("seo"),
      },
      // What the browser reported while loading (best practices: errors-in-console, inspector-issues).
      consoleErrors: [
        ...(lhr.audits["errors-in-console"]?.details?.items ?? []).map(
          (item) => `${item.source ?? "console"}: ${String(item.description ?? "").slice(0, 200)}`,
        ),
        ...(lhr.audits["inspector-issues"]?.details?.items ?? []).flatMap((item) =>
          (item.subItems?.items ?? [{}]).map((sub) => `issue ${item.issueType}: ${JSON.stringify(sub).slice(0, 200)}`),
        ),
      ],
      ...(process.env.BENCH_DEBUG ? { debugIssues: JSON.stringify(lhr.audits["inspector-issues"]?.details) } : {}),
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
      lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    await chrome.stop();
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): one more try. */
async function runLighthouseWithRetry(url) {
  try {
    return await runLighthouse(url);
  } catch (error) {
    console.log(`  (Lighthouse run failed, trying once more: ${error.message})`);
    return runLighthouse(url);
  }
}

function sum(entries, kind, field) {
  return entries.filter((e) => e.kind === kind).reduce((n, e) => n + e[field], 0);
}

/** Lighthouse on `url`, `runs` times: every run, lowest performance first, and the median run by performance. */
async function lighthouseRuns(url) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouseWithRetry(url));
  results.sort((a, b) => a.performance - b.performance);
  return { lighthouse: results[Math.floor(results.length / 2)], results };
}

/** Bytes and Lighthouse scores of one page. */
async function measurePage(url, path) {
  const { entries, interactiveMs, noindex } = await measureBytes(url);
  const before = entries.filter((e) => e.beforeInteractive);
  const bytes = Object.fromEntries(
    ["html", "js", "css", "img"].map((kind) => [
      kind,
      {
        files: entries.filter((e) => e.kind === kind).length,
        raw: sum(entries, kind, "raw"),
        gzip: sum(entries, kind, "gzip"),
      },
    ]),
  );
  const { lighthouse, results } = await lighthouseRuns(url);
  return {
    path,
    url,
    noindex,
    bytes,
    requestsBeforeInteractive: before.length,
    requestsTotal: entries.length,
    interactiveMs,
    entries,
    lighthouse,
    runs: results.map((r) => r.performance),
  };
}

/** Lighthouse on the floor page, `runs` times: the median by performance and every run's score. */
async function measureFloor() {
  const floor = await startFloorPage();
  try {
    const { lighthouse, results } = await lighthouseRuns(floor.url);
    return { lighthouse, runs: results };
  } finally {
    await floor.stop();
  }
}

function printFloor({ lighthouse: l, runs: all }) {
  console.log(
    `\nfloor (the least a page can be, same Lighthouse, same run): performance ${l.performance}${all.length > 1 ? ` (per run: ${all.map((r) => r.performance).join(", ")})` : ""}; FCP ${Math.round(l.fcpMs)} ms, LCP ${Math.round(l.lcpMs)} ms, TBT ${Math.round(l.tbtMs)} ms${all.length > 1 ? ` (per run: ${all.map((r) => Math.round(r.tbtMs)).join(", ")})` : ""}; Lighthouse's CPU index ${all.map((r) => r.benchmarkIndex).join(", ")}`,
  );
}

/** The targets one page is held to: every score 100 (SEO only where the page may be indexed). */
function checksFor(page) {
  const checks = [];
  if (page.path === "/") {
    const html = page.bytes.html.raw / 1024;
    const js = page.bytes.js.gzip / 1024;
    checks.push(["HTML raw", kb(page.bytes.html.raw), `<= ${TARGETS.homeHtmlRawKb} kB`, html <= TARGETS.homeHtmlRawKb]);
    checks.push(["JS gzip", kb(page.bytes.js.gzip), `<= ${TARGETS.homeJsGzipKb} kB`, js <= TARGETS.homeJsGzipKb]);
  }
  for (const category of CATEGORIES) {
    if (category === "seo" && page.noindex) continue;
    const score = page.lighthouse[category];
    checks.push([category, score, `= ${TARGETS.score}`, score >= TARGETS.score]);
  }
  return checks;
}

const pad = (value, width) => String(value).padStart(width);

function printTable(pages) {
  console.log(
    `\n${"page".padEnd(23)} ${pad("HTML raw", 9)} ${pad("JS gzip", 9)} ${pad("CSS gzip", 9)} ${pad("req", 4)}  perf a11y  bp  seo ${pad("LCP", 7)} ${pad("TBT", 6)}`,
  );
  for (const p of pages) {
    const l = p.lighthouse;
    console.log(
      `${p.path.padEnd(23)} ${pad(kb(p.bytes.html.raw), 9)} ${pad(kb(p.bytes.js.gzip), 9)} ${pad(kb(p.bytes.css.gzip), 9)} ${pad(p.requestsBeforeInteractive, 4)}  ${pad(l.performance, 4)} ${pad(l.accessibility, 4)} ${pad(l["best-practices"], 3)} ${pad(p.noindex ? "n/a" : l.seo, 4)} ${pad(`${Math.round(l.lcpMs)}ms`, 7)} ${pad(`${Math.round(l.tbtMs)}ms`, 6)}`,
    );
  }
}

async function main() {
  const external = option("--url");
  const server = external ? { baseUrl: external.replace(/\/+$/, ""), stop: async () => {} } : await startRealServer();
  console.log(
    `Site bench: ${server.baseUrl} (${external ? "given server" : "real server, real static export"}, ${CHROME_PATH}); ${PAGES.length} pages, Lighthouse mobile, ${runs} run${runs === 1 ? "" : "s"} each (median by performance)`,
  );
  try {
    const pages = [];
    const paths = [];
    for (const path of PAGES) {
      if (path !== PROJECT_PAGE) paths.push(path);
      else if (external) console.log(`(${PROJECT_PAGE} left out: with --url the bench makes no project)`);
      else paths.push(await seedProjectPage(server.baseUrl));
    }
    for (const path of paths) {
      const page = await measurePage(`${server.baseUrl}${path}`, path);
      pages.push(page);
      const l = page.lighthouse;
      console.log(
        `\n${path}: HTML ${kb(page.bytes.html.raw)} raw, JS ${kb(page.bytes.js.gzip)} gzip (${page.bytes.js.files} files), CSS ${kb(page.bytes.css.gzip)} gzip on opening the page; Lighthouse ${CATEGORIES.map((c) => l[c]).join("/")}${runs > 1 ? ` (performance per run: ${page.runs.join(", ")})` : ""}`,
      );
      if (path.startsWith("/projects/")) {
        const types = [...new Set(page.entries.filter((e) => e.kind === "img").map((e) => e.type))].join(", ");
        console.log(`  images: ${page.bytes.img.files} files, ${kb(page.bytes.img.raw)} (${types})`);
      }
      if (path === "/" || args.includes("--files")) {
        for (const e of page.entries) {
          console.log(
            `    ${e.beforeInteractive ? "•" : "◦"} ${e.kind.padEnd(5)} ${String(e.status).padEnd(3)} ${kb(e.raw).padStart(9)} raw ${kb(e.gzip).padStart(8)} gz  ${new URL(e.url).pathname}`,
          );
        }
        console.log("    (• before interactive, ◦ after)");
      }
      for (const [category, failing] of Object.entries(l.notPerfect)) {
        if (category === "seo" && page.noindex) continue;
        if (failing.length) console.log(`  ${category}: audits below 100: ${failing.join(", ")}`);
      }
      for (const error of l.consoleErrors) console.log(`  console: ${error}`);
      if (l.debugIssues) console.log(l.debugIssues);
      console.log(
        `  FCP ${Math.round(l.fcpMs)} ms, LCP ${Math.round(l.lcpMs)} ms (${l.lcpElement.slice(0, 100)}), TBT ${Math.round(l.tbtMs)} ms, CLS ${l.cls.toFixed(3)}`,
      );
      for (const warning of l.warnings) console.log(`  warning: ${warning}`);
    }

    printTable(pages);
    const floor = args.includes("--no-floor") ? undefined : await measureFloor();
    if (floor) printFloor(floor);
    console.log("\nTargets:");
    let pass = true;
    for (const page of pages) {
      for (const [name, value, target, ok] of checksFor(page)) {
        pass &&= ok;
        console.log(
          `  ${ok ? "PASS" : "MISS"}  ${page.path.padEnd(23)} ${String(name).padEnd(15)} ${pad(value, 9)}   target ${target}`,
        );
      }
    }
    const summary = {
      baseUrl: server.baseUrl,
      runs,
      pages: pages.map(({ entries, ...page }) => page),
      ...(floor ? { floor: floor.lighthouse } : {}),
      pass,
    };
    if (args.includes("--json")) console.log(JSON.stringify(summary));
    if (args.includes("--strict") && !pass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
