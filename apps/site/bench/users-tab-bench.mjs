#!/usr/bin/env node
/**
 * pnpm bench:users-tab: the admin panel's Users tab on a site of 100,000 accounts, in Debian's
 * Chromium through Playwright, against the built server (apps/server/dist) serving the built site
 * (apps/site/dist) on a SQLite database seeded the way `pnpm bench:scale` seeds its large one (through the
 * project's own data layer: apps/server/bench/scale-seed-cli.mjs): its users and projects, no audit entries.
 *
 * 1. Interactive: from the start of the navigation to /admin/settings#users until the first rows are in the
 *    document and the search box is there to type in (read in the page, against its own navigation start),
 *    for a fresh browser context each round (nothing cached); the median of BENCH_ROUNDS (default 5).
 * 2. Search: from a keystroke in the search box (its keydown) to the frame after the list shows the answer
 *    to what is typed then (the rows the API answers for that text: count, first and last), one character
 *    at a time, each answer different from the one before; the median of 10 keystrokes.
 *
 * Goals: interactive within 1 s, the search within 150 ms; PASS or FAIL is printed for each.
 * Builds nothing: run `pnpm build` first. Env: BENCH_ROUNDS, BENCH_USERS (default 100000), --strict (exit 1
 * when a goal is missed). The machine should be otherwise idle for figures worth reporting.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { CHROME_PATH, CHROMIUM_ARGS } from "@portfolio/testing/browser/chromium.mjs";
import { REPO_ROOT, SERVER_MAIN, SITE_DIST, startRealServer } from "../scripts/testing/real-server.mjs";

const GOALS = { interactiveMs: 1000, searchMs: 150 };
const ROUNDS = Number(process.env.BENCH_ROUNDS) > 0 ? Number(process.env.BENCH_ROUNDS) : 5;
const USERS = Number(process.env.BENCH_USERS) > 0 ? Number(process.env.BENCH_USERS) : 100_000;
const STRICT = process.argv.includes("--strict");
/** Typed after the base text, one key at a time: each answer differs from the one before it. */
const TYPING = [
  { base: "user0", keys: "98765" },
  { base: "user0", keys: "12345" },
];

const log = (message) => console.error(`bench: ${message}`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${Math.round(value)} ms`;

async function seed(databaseUrl) {
  const cli = join(REPO_ROOT, "apps/server/bench/scale-seed-cli.mjs");
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    // The users of bench:scale's large database, and its projects; no audit entries: the Users tab reads
    // none, and the server chains entries written without a chain at its start (minutes for 500,000).
    [cli, databaseUrl, String(USERS), String(USERS / 10), "0"],
    { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  for (const line of stderr.split("\n")) if (line.trim()) log(line.trim());
  return JSON.parse(stdout.trim());
}

/** A browser context logged in as the owner (through the API; the login form is not what is measured). */
async function ownerContext(browser, baseUrl, password) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
  const login = await context.request.post("/api/login", {
    data: { username: "owner", password },
    headers: { Origin: baseUrl },
  });
  if (login.status() !== 200) throw new Error(`owner login answered ${login.status()}`);
  await context.addCookies([{ name: "loggedIn", value: "1", url: baseUrl }]);
  return context;
}

/** Milliseconds from the navigation's start until rows and the search box are there (read in the page). */
async function openUsersTab(page) {
  await page.goto("/admin/settings#users", { waitUntil: "commit" });
  const ready = await page.waitForFunction(
    () => {
      const input = document.querySelector("[data-testid='users-search']");
      const row = document.querySelector("[data-testid='user-row']");
      return input instanceof HTMLInputElement && !input.disabled && row ? performance.now() : null;
    },
    null,
    { polling: "raf", timeout: 60_000 },
  );
  return ready.jsonValue();
}

/** What the list must show for `q`: the API's answer for it, as the tab asks (first page of 50). */
async function expectedAnswer(context, q) {
  const answer = await (await context.request.get(`/api/admin/users?limit=50&q=${encodeURIComponent(q)}`)).json();
  const names = answer.users.map((user) => user.username);
  return { count: names.length, first: names[0], last: names.at(-1) };
}

/** Presses `key` in the focused search box; resolves with the time until the list shows `expected`. */
async function timedKeystroke(page, key, expected) {
  await page.evaluate((want) => {
    const input = document.querySelector("[data-testid='users-search']");
    window.__usersBench = new Promise((resolve) => {
      let pressed = null;
      input.addEventListener(
        "keydown",
        (event) => {
          pressed = event.timeStamp;
        },
        { once: true, capture: true },
      );
      const shows = () => {
        const rows = document.querySelectorAll("[data-testid='user-row']");
        return (
          pressed !== null &&
          rows.length === want.count &&
          rows[0]?.getAttribute("data-username") === want.first &&
          rows[rows.length - 1]?.getAttribute("data-username") === want.last &&
          !document.querySelector("[data-testid='users-table'][aria-busy='true']")
        );
      };
      const observer = new MutationObserver(() => {
        if (!shows()) return;
        observer.disconnect();
        // The frame that paints the answer.
        requestAnimationFrame(() => resolve(performance.now() - pressed));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, expected);
  await page.keyboard.press(key);
  return page.evaluate(() => window.__usersBench);
}

async function measure(browser, baseUrl, password) {
  const interactive = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    const context = await ownerContext(browser, baseUrl, password);
    const page = await context.newPage();
    const took = await openUsersTab(page);
    // Round 0 warms the server's caches and the page's code paths up; it is not counted.
    if (round > 0) interactive.push(took);
    log(`open ${round === 0 ? "(warm-up)" : round}: ${ms(took)}`);
    await context.close();
  }

  const context = await ownerContext(browser, baseUrl, password);
  const page = await context.newPage();
  await openUsersTab(page);
  const search = page.getByTestId("users-search");
  const keystrokes = [];
  for (const { base, keys } of TYPING) {
    await search.fill(base);
    const start = await expectedAnswer(context, base);
    await page.waitForFunction(
      (want) => {
        const rows = document.querySelectorAll("[data-testid='user-row']");
        return rows.length === want.count && rows[0]?.getAttribute("data-username") === want.first;
      },
      start,
      { timeout: 30_000 },
    );
    let typed = base;
    for (const key of keys) {
      typed += key;
      const expected = await expectedAnswer(context, typed);
      const took = await timedKeystroke(page, key, expected);
      keystrokes.push(took);
      log(`search "${typed}" (${expected.count} rows): ${ms(took)}`);
    }
  }
  await context.close();
  return { interactive, keystrokes };
}

async function main() {
  for (const [what, path] of [
    ["server bundle", SERVER_MAIN],
    ["site export", join(SITE_DIST, "index.html")],
  ]) {
    if (!existsSync(path)) throw new Error(`The ${what} is missing (${path}). Run "pnpm build" first.`);
  }
  const dir = await mkdtemp(join(tmpdir(), "portfolio-users-tab-bench-"));
  let server;
  let browser;
  try {
    const databaseUrl = `file:${join(dir, "users.db")}`;
    log(`seeding ${USERS.toLocaleString("en")} users`);
    const seedStarted = performance.now();
    const { ownerPassword } = await seed(databaseUrl);
    log(`seeded in ${(performance.now() - seedStarted) / 1000} s`);
    server = await startRealServer({ env: { DATABASE_URL: databaseUrl }, timeoutMs: 120_000 });
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
    const { interactive, keystrokes } = await measure(browser, server.baseUrl, ownerPassword);
    const open = median(interactive);
    const typing = median(keystrokes);
    const verdict = (value, goal) => (value <= goal ? "PASS" : "FAIL");
    console.log(`\nUsers tab at ${USERS.toLocaleString("en")} users (built server, SQLite, Debian's Chromium)`);
    console.log(
      `  interactive after opening: median ${ms(open)} of ${interactive.length} (${interactive.map(ms).join(", ")})` +
        `  goal ≤ ${GOALS.interactiveMs} ms: ${verdict(open, GOALS.interactiveMs)}`,
    );
    console.log(
      `  search answer on screen:   median ${ms(typing)} of ${keystrokes.length} keystrokes` +
        ` (${keystrokes.map(ms).join(", ")})  goal ≤ ${GOALS.searchMs} ms: ${verdict(typing, GOALS.searchMs)}`,
    );
    if (STRICT && (open > GOALS.interactiveMs || typing > GOALS.searchMs)) process.exitCode = 1;
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
