#!/usr/bin/env node
/**
 * `pnpm screenshots`: a picture of every public page, every admin tab, every Settings section and the
 * account page at 390 px (phone) and 1280 px (desktop), in dark and light, into .tmp/screenshots (ignored
 * by git), so anyone can look at the product without clicking through it. Runs the real server on the real static export in Debian's Chromium; builds
 * nothing: run `pnpm build` first. Option: --out <folder>.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROME_PATH, CHROMIUM_ARGS } from "@portfolio/testing/browser/chromium.mjs";
import { OWNER, REPO_ROOT, startRealServer } from "./testing/real-server.mjs";

const args = process.argv.slice(2);
const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : join(REPO_ROOT, ".tmp", "screenshots");

const PUBLIC_PAGES = [
  ["home", "/"],
  ["login", "/login"],
  ["reset-password", "/reset-password"],
  ["activate-account", "/activate-account"],
  ["calendar", "/calendar"],
  ["playlist-shuffler", "/playlist-shuffler"],
  ["chat-widget-builder", "/twitchchatwidget"],
  ["countdown-widget-builder", "/twitchcountdownwidget"],
  ["cat-widget-builder", "/twitchcotdwidget?setup=1"], // its bare address is the overlay itself
  ["heart-widget-builder", "/twitchheartwidget"],
  ["not-found", "/no-such-page"],
];
const SETTINGS_SECTIONS = ["roles", "site", "twitch", "account", "sessions"];
const WIDTHS = [390, 1280];
const THEMES = ["dark", "light"];

async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  // Fonts and the hydration marker, so the picture is the page as a visitor sees it.
  await page
    .waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, { timeout: 10_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

async function main() {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const server = await startRealServer();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  let count = 0;
  try {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          baseURL: server.baseUrl,
          viewport: { width, height: width < 800 ? 844 : 800 },
          colorScheme: theme,
          reducedMotion: "reduce",
        });
        // The site's own theme switch (localStorage `darkMode`), set before any script runs.
        await context.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
        const page = await context.newPage();
        const shoot = async (name) => {
          await settle(page);
          await page.screenshot({ path: join(out, `${name}-${width}-${theme}.png`), fullPage: true });
          count++;
        };
        for (const [name, path] of PUBLIC_PAGES) {
          await page.goto(path);
          await shoot(name);
        }
        const login = await page.request.post("/api/login", {
          data: { username: OWNER.username, password: OWNER.password },
          headers: { Origin: server.baseUrl },
        });
        if (login.status() !== 200) throw new Error(`owner login answered ${login.status()}`);
        await context.addCookies([{ name: "loggedIn", value: "1", url: server.baseUrl }]);
        await page.goto("/admin/settings");
        await page.getByRole("heading", { name: "Admin panel", level: 1 }).waitFor({ timeout: 15_000 });
        for (const tab of await page.getByRole("tab").allInnerTexts()) {
          await page.getByRole("tab", { name: tab.trim() }).click();
          await shoot(`admin-${tab.trim().toLowerCase().replace(/\W+/g, "-")}`);
        }
        // Each Settings section by its own address, then the account page of /account.
        for (const section of SETTINGS_SECTIONS) {
          await page.goto(`/admin/settings#settings/${section}`);
          await page.getByRole("heading", { name: "Admin panel", level: 1 }).waitFor({ timeout: 15_000 });
          await shoot(`admin-settings-${section}`);
        }
        await page.goto("/account");
        await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor({ timeout: 15_000 });
        await shoot("account");
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`${count} screenshots in ${out}`);
}

await main();
