/**
 * Opening the admin panel: no flash of the home page and its Login button for a logged-in visitor, and the
 * loading screen only when loading really takes a while (LOADING_SHOW_AFTER_MS), never on every visit.
 */
import type { Page } from "@playwright/test";
import { expect, ownerAccount, test } from "./admin-support.ts";
import { expectLiveProjects, gate } from "./fixtures.ts";

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const WATCHED = {
  loginButton: '[data-testid="login-button"]',
  homePage: '[data-testid="last-seen-badge"]',
  loadingScreen: '[data-testid="loading-screen"]',
} as const;
type Watched = keyof typeof WATCHED;

/**
 * Records, from the very first parsed node on, which of WATCHED ever appeared in the page: was inserted,
 * by the parser or a script. What was already there and merely stays (the home page while its admin button
 * is being clicked) does not count, however busy the page is meanwhile.
 */
async function watchForAppearances(page: Page): Promise<void> {
  await page.addInitScript((selectors: Record<string, string>) => {
    const record = window as unknown as { __seen: Record<string, boolean> };
    record.__seen = {};
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const [name, selector] of Object.entries(selectors))
            if (node.matches(selector) || node.querySelector(selector)) record.__seen[name] = true;
        }
    }).observe(document, { childList: true, subtree: true });
  }, WATCHED);
}

/**
 * A quick load, by the page's clock: the clock stands still from before the page loads, so the
 * LOADING_SHOW_AFTER_MS threshold never passes while the page loads, however slow the machine is.
 */
async function stopPageClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

/**
 * Moves the stopped clock on by a few frames, far short of LOADING_SHOW_AFTER_MS: a page asks for its entry
 * script one frame after its first paint (docs/performance.md, "The public pages"), by the page's clock too.
 */
async function letPageStart(page: Page): Promise<void> {
  await page.clock.runFor(50);
}

const panelHeading = (page: Page) => page.getByRole("heading", { name: "Admin panel", level: 1 });

async function appeared(page: Page): Promise<Watched[]> {
  const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, boolean> }).__seen);
  return (Object.keys(WATCHED) as Watched[]).filter((name) => seen[name]);
}

test("logged in, /admin/settings opens the panel with no home page, Login button or loading screen first", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await watchForAppearances(page);
  await stopPageClock(page);
  await page.goto("/admin/settings");
  await letPageStart(page);
  await expect(panelHeading(page)).toBeVisible({ timeout: 15_000 });
  expect(await appeared(page)).toEqual([]);

  // The same on the next visit of the same session.
  await page.reload();
  await letPageStart(page);
  await expect(panelHeading(page)).toBeVisible({ timeout: 15_000 });
  expect(await appeared(page)).toEqual([]);
});

test("the exported /admin/settings page holds neither the home page nor its Login button", async ({ page }) => {
  const html = await (await page.request.get("/admin/settings")).text();
  expect(html).not.toContain('data-testid="login-button"');
  expect(html).not.toContain('data-testid="last-seen-badge"');
});

test("a panel that takes a while to load shows the loading screen, then the panel", async ({ page, login }) => {
  await login(ownerAccount);
  await watchForAppearances(page);
  // The panel's code arrives only once the loading screen is up: however fast or slow the machine.
  const held = gate();
  await page.route(/AdminPanelPage-[^/]*\.js$/, async (route) => {
    await held.passed;
    await route.continue();
  });
  await page.goto("/admin/settings");
  await expect(page.getByTestId("loading-screen")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading the admin panel" })).toBeVisible();
  held.open();
  await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("loading-screen")).toHaveCount(0);
  expect(await appeared(page)).toEqual(["loadingScreen"]);
});

test("from the home page's admin button, a quick load goes straight to the panel", async ({ page, login }) => {
  await login(ownerAccount);
  await watchForAppearances(page);
  await stopPageClock(page);
  await page.goto("/");
  await letPageStart(page);
  await expect(page.getByTestId("admin-button")).toBeVisible();
  // The home page settles first (its live project list redraws the grid), so only the click's effects count.
  await expectLiveProjects(page);
  // From here on: what the click shows on its way to the panel.
  await page.evaluate(() => {
    (window as unknown as { __seen: Record<string, boolean> }).__seen = {};
  });
  await page.getByTestId("admin-button").click();
  await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
  expect(await appeared(page)).toEqual([]);
});
