#!/usr/bin/env node
/**
 * pnpm bench:site: figures for the home page `/`, served by the real server from the real static export.
 *
 * 1. Bytes of HTML, JS and CSS loaded before the page is interactive (raw and gzip), and request counts,
 *    measured in Debian's Chromium through Playwright. "Interactive" = React has hydrated the page (the
 *    `data-hydrated` marker on <html>); requests made after it (the project list refresh) are counted
 *    separately.
 * 2. Lighthouse (mobile preset, simulated throttling) with Debian's Chromium: performance, accessibility,
 *    best practices and SEO scores, LCP and TBT. Median of --runs runs (default 3) by performance score.
 *
 * Targets: JS for / <= 110 kB gzip; performance >= 95; accessibility, best practices, SEO = 100.
 * Builds nothing: run `pnpm build` first. Options: --runs N, --json (machine-readable line at the end),
 * --strict (exit 1 when a target is missed), --url URL (measure a server that is already running, e.g. a
 * deployment, instead of starting the real server).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { CHROME_PATH, CHROMIUM_ARGS } from "../scripts/testing/chromium.mjs";
import { startRealServer } from "../scripts/testing/real-server.mjs";

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs")) > 0 ? Number(option("--runs")) : 3;
const TARGETS = { jsGzipKb: 110, performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

function kindOf(type, url) {
  if (type === "document") return "html";
  if (type === "script" || /\.m?js(\?|$)/.test(url)) return "js";
  if (type === "stylesheet" || /\.css(\?|$)/.test(url)) return "css";
  if (type === "fetch" || type === "xhr") return "api";
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
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    return { entries, interactiveMs };
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
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = (id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
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
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    await chrome.stop();
  }
}

function sum(entries, kind, field, before = true) {
  return entries.filter((e) => e.kind === kind && (!before || e.beforeInteractive)).reduce((n, e) => n + e[field], 0);
}

async function main() {
  const external = option("--url");
  const server = external ? { baseUrl: external.replace(/\/+$/, ""), stop: async () => {} } : await startRealServer();
  const url = `${server.baseUrl}/`;
  console.log(
    `Site bench: ${url} (${external ? "given server" : "real server, real static export"}, ${CHROME_PATH})\n`,
  );
  try {
    const { entries, interactiveMs } = await measureBytes(url);
    const before = entries.filter((e) => e.beforeInteractive);
    const rows = ["html", "js", "css"].map((kind) => ({
      kind,
      files: before.filter((e) => e.kind === kind).length,
      raw: sum(entries, kind, "raw"),
      gzip: sum(entries, kind, "gzip"),
    }));
    console.log("Loaded before interactive (React hydrated):");
    for (const row of rows) {
      console.log(
        `  ${row.kind.toUpperCase().padEnd(4)} ${String(row.files).padStart(2)} file(s)  raw ${kb(row.raw).padStart(9)}  gzip ${kb(row.gzip).padStart(8)}`,
      );
    }
    const served = [...new Set(before.map((e) => e.encoding))].join(", ");
    console.log(`  requests before interactive: ${before.length}; total at network idle: ${entries.length}`);
    console.log(`  (served with content-encoding: ${served}; hydrated after ${interactiveMs} ms unthrottled)`);
    for (const e of entries) {
      console.log(
        `    ${e.beforeInteractive ? "•" : "◦"} ${e.kind.padEnd(5)} ${String(e.status).padEnd(3)} ${kb(e.raw).padStart(9)} raw ${kb(e.gzip).padStart(8)} gz  ${new URL(e.url).pathname}`,
      );
    }

    console.log(`\nLighthouse (mobile preset, ${runs} run${runs === 1 ? "" : "s"}, median by performance):`);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await runLighthouse(url);
      results.push(r);
      console.log(
        `  run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r["best-practices"]}, SEO ${r.seo}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms`,
      );
    }
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)];
    const jsGzip = rows.find((r) => r.kind === "js")?.gzip ?? 0;

    const checks = [
      ["JS for / (gzip)", `${kb(jsGzip)}`, `<= ${TARGETS.jsGzipKb} kB`, jsGzip / 1024 <= TARGETS.jsGzipKb],
      ["Performance", median.performance, `>= ${TARGETS.performance}`, median.performance >= TARGETS.performance],
      ["Accessibility", median.accessibility, "= 100", median.accessibility >= TARGETS.accessibility],
      ["Best practices", median["best-practices"], "= 100", median["best-practices"] >= TARGETS["best-practices"]],
      ["SEO", median.seo, "= 100", median.seo >= TARGETS.seo],
    ];
    console.log(
      `\n  LCP ${Math.round(median.lcpMs)} ms · TBT ${Math.round(median.tbtMs)} ms · FCP ${Math.round(median.fcpMs)} ms · CLS ${median.cls.toFixed(3)}`,
    );
    for (const [category, failing] of Object.entries(median.notPerfect)) {
      if (failing.length) console.log(`  ${category}: audits below 100: ${failing.join(", ")}`);
    }
    for (const warning of median.warnings) console.log(`  warning: ${warning}`);
    console.log("\nTargets:");
    for (const [name, value, target, ok] of checks) {
      console.log(
        `  ${ok ? "PASS" : "MISS"}  ${String(name).padEnd(16)} ${String(value).padStart(9)}   target ${target}`,
      );
    }
    const summary = {
      url,
      beforeInteractive: Object.fromEntries(rows.map((r) => [r.kind, { files: r.files, raw: r.raw, gzip: r.gzip }])),
      requestsBeforeInteractive: before.length,
      requestsTotal: entries.length,
      lighthouse: median,
      pass: checks.every((c) => c[3]),
    };
    if (args.includes("--json")) console.log(JSON.stringify(summary));
    if (args.includes("--strict") && !summary.pass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
