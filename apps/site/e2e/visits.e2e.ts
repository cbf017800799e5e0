/**
 * Cookieless visitor counting on the built site (docs/design.md section 10): a page view and a project's
 * Code link followed are each counted once; a visit sending Sec-GPC and a bot's are not counted at all; the
 * beacon writes no cookie and no storage; and the Dashboard's Visitors card shows the counts, read with the
 * keyboard alone, in both themes and on a 390 px phone. The server writes its batch every 200 ms here.
 */
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import type { AnalyticsAnswer } from "@portfolio/core/domain";
import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import { test as base } from "@portfolio/testing/browser/failure-screenshots.ts";
import { OWNER, type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";
import { loginAs, openPanel, openSettings, ownerAccount } from "./admin-support.ts";
import { expectLiveProjects } from "./fixtures.ts";

const test = base.extend<{ server: RealServer; ownerApi: APIRequestContext }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  server: async ({}, use) => {
    const server = await startRealServer({ env: { VISITS_FLUSH_MS: "200" } });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
  ownerApi: async ({ server, playwright }, use) => {
    const api = await playwright.request.newContext({
      baseURL: server.baseUrl,
      extraHTTPHeaders: { Origin: server.baseUrl },
    });
    const login = await api.post("/api/login", { data: { username: OWNER.username, password: OWNER.password } });
    expect(login.status()).toBe(200);
    await use(api);
    await api.dispose();
  },
});
test.describe.configure({ timeout: 90_000 });

const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
// Headless Chromium names itself HeadlessChrome, which the bot list rightly refuses: visitors here say Chrome.
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const today = () => new Date().toISOString().slice(0, 10);
/** The first day of the Dashboard's 7-day period, as its chart's label writes it (en-US, UTC). */
const weekStart = () =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(
    Date.now() - 6 * 86_400_000,
  );

async function analytics(api: APIRequestContext): Promise<AnalyticsAnswer> {
  const res = await api.get(`/api/admin/analytics?from=${today()}&to=${today()}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AnalyticsAnswer;
}

/** Opens `path` in a fresh visitor's browser and waits until its page-view beacon has been answered. */
async function visit(
  browser: Browser,
  baseURL: string,
  path: string,
  options: Parameters<Browser["newContext"]>[0] & { referer?: string } = {},
) {
  const { referer, ...contextOptions } = options;
  const context = await browser.newContext({ baseURL, userAgent: CHROME, ...contextOptions });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/visits") && r.request().method() === "POST");
  await page.goto(path, referer ? { referer } : {});
  expect((await answered).status()).toBe(204);
  return { context, page };
}

async function storageOf(page: Page): Promise<{ local: number; session: number }> {
  return page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }));
}

test("a page view and a project's Code link followed are counted once each, with no cookie or storage", async ({
  browser,
  server,
  ownerApi,
}) => {
  const { context, page } = await visit(browser, server.baseUrl, "/");
  // The Code link opens GitHub in a new tab: answered here, the machine has no internet.
  await context.route("https://github.com/**", (route) => route.fulfill({ status: 200, body: "GitHub" }));
  // The card's id is the stored project's once the live list is in; the prerendered card holds a stand-in.
  await expectLiveProjects(page);
  const card = page.locator(".project-card").filter({ hasText: "Portfolio Website" });
  const code = card.getByRole("link", { name: /^Code/ });
  const projectId = (await card.getAttribute("id"))?.replace(/^project-/, "");
  const clicked = page.waitForResponse((r) => r.url().endsWith("/api/visits"));
  const popup = page.waitForEvent("popup");
  await code.click();
  await (await popup).close();
  expect((await clicked).status()).toBe(204);

  await expect
    .poll(async () => (await analytics(ownerApi)).days, { timeout: 15_000 })
    .toEqual([{ date: today(), pageViews: 1, visitors: 1 }]);
  const answer = await analytics(ownerApi);
  expect(answer.pages).toEqual([{ path: "/", pageViews: 1, visitors: 1 }]);
  expect(answer.projects).toEqual([
    { id: projectId, title: "Portfolio Website", views: 0, codeClicks: 1, demoClicks: 0 },
  ]);
  expect(await context.cookies()).toEqual([]);
  expect(await storageOf(page)).toEqual({ local: 0, session: 0 });
  await context.close();
});

test("a visit sending Sec-GPC and a bot's visit are not counted at all", async ({ browser, server, ownerApi }) => {
  const gpc = await visit(browser, server.baseUrl, "/calendar", { extraHTTPHeaders: { "Sec-GPC": "1" } });
  await gpc.context.close();
  const bot = await visit(browser, server.baseUrl, "/calendar", { userAgent: BOT });
  await bot.context.close();
  // A plain visit after them: once it is counted, theirs would have been too.
  const plain = await visit(browser, server.baseUrl, "/privacy");
  await plain.context.close();
  await expect
    .poll(async () => (await analytics(ownerApi)).pages, { timeout: 15_000 })
    .toEqual([{ path: "/privacy", pageViews: 1, visitors: 1 }]);
  expect((await analytics(ownerApi)).days).toEqual([{ date: today(), pageViews: 1, visitors: 1 }]);
});

test("a project's Code link followed on the project's own page is counted for that project", async ({
  browser,
  server,
  ownerApi,
}) => {
  const { context, page } = await visit(browser, server.baseUrl, "/projects/portfolio-website");
  await context.route("https://github.com/**", (route) => route.fulfill({ status: 200, body: "GitHub" }));
  const clicked = page.waitForResponse((r) => r.url().endsWith("/api/visits"));
  const popup = page.waitForEvent("popup");
  await page.getByTestId("project-page").getByRole("link", { name: /^Code/ }).click();
  await (await popup).close();
  expect((await clicked).status()).toBe(204);
  await context.close();
  await expect
    .poll(
      async () =>
        (await analytics(ownerApi)).projects.map(({ title, codeClicks, demoClicks }) => [
          title,
          codeClicks,
          demoClicks,
        ]),
      {
        timeout: 15_000,
      },
    )
    .toEqual([["Portfolio Website", 1, 0]]);
});

test("the owner's own visits are not counted, nor is the admin panel", async ({ browser, server, ownerApi }) => {
  const context = await browser.newContext({ baseURL: server.baseUrl, userAgent: CHROME });
  const page = await context.newPage();
  await loginAs(page, server.baseUrl, ownerAccount);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/visits"));
  await page.goto("/calendar");
  expect((await answered).status()).toBe(204);
  let panelBeacons = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/visits")) panelBeacons++;
  });
  await openPanel(page);
  await context.close();
  const plain = await visit(browser, server.baseUrl, "/privacy");
  await plain.context.close();
  await expect
    .poll(async () => (await analytics(ownerApi)).pages, { timeout: 15_000 })
    .toEqual([{ path: "/privacy", pageViews: 1, visitors: 1 }]);
  expect(panelBeacons).toBe(0);
});

// Both themes on one server, visit and login: the counts are the same whichever theme reads them, so the second
// theme costs a load of the panel, not a server, a visitor and a sign-in of its own.
test("the Dashboard shows the counts, read with the keyboard alone, in light and dark mode and on a phone", async ({
  browser,
  server,
  ownerApi,
  page,
}) => {
  const seen = await visit(browser, server.baseUrl, "/privacy", {
    referer: "https://news.example.org/item",
    userAgent: PHONE,
  });
  await seen.context.close();
  await expect.poll(async () => (await analytics(ownerApi)).days.at(-1)?.pageViews, { timeout: 15_000 }).toBe(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, server.baseUrl, ownerAccount);
  for (const theme of ["light", "dark"] as const) {
    await test.step(`${theme} mode`, async () => {
      // An init script added later runs after the earlier ones: the page loads in this theme.
      await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
      await openPanel(page);
      const card = page.getByTestId("analytics-card");
      await expect(card.getByTestId("live-visitors")).toHaveText("1 visitor in the last 5 minutes", {
        timeout: 15_000,
      });
      const visitors = card.locator('[data-testid="daily-chart"][data-metric="visitors"]');
      await expect(visitors.getByTestId("chart-summary")).toHaveText(/^1 in total · peak 1 on /);
      await expect(card.getByRole("region", { name: "Top pages" }).locator("tbody tr")).toHaveText(["/privacy11"]);
      await expect(card.getByRole("region", { name: "Referrers" }).locator("tbody tr")).toHaveText([
        "news.example.org1",
      ]);
      await expect(card.getByRole("region", { name: "Devices" }).locator("tbody tr")).toHaveText(["mobile1"]);

      // Keyboard only: the period buttons, then the chart's days. The week's figures are held until the chart,
      // still drawing the 30 days, has read out its last day: that day stays read out when the week arrives.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/admin\/analytics\?/, async (route) => {
        await held;
        await route.continue();
      });
      const week = card.getByRole("button", { name: "7 days" });
      await week.focus();
      await page.keyboard.press("Enter");
      await expect(week).toHaveAttribute("aria-pressed", "true");
      await visitors.getByRole("img").focus();
      await page.keyboard.press("End");
      await expect(visitors.getByTestId("chart-tooltip")).toContainText("1 visitor");
      release();
      await expect(visitors.getByRole("img")).toHaveAccessibleName(
        new RegExp(`^Visitors per UTC day, ${weekStart()} to`),
      );
      await expect(visitors.getByTestId("chart-tooltip")).toContainText("1 visitor");
      await page.unroute(/\/api\/admin\/analytics\?/);
      await page.keyboard.press("Escape");
      const table = visitors.getByText("Show as table");
      await table.focus();
      await page.keyboard.press("Enter");
      await expect(visitors.getByTestId("chart-table").locator("tbody tr")).toHaveCount(7);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(
        await page.evaluate(() => document.documentElement.classList.contains("dark")),
        "the page loaded in this theme",
      ).toBe(theme === "dark");
      expect(await seriousViolationsInBothThemes(page, { where: "Visitors card" })).toEqual([]);
    });
  }
});

test("the privacy page, linked from the footer, says what is counted and what is not", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page.getByRole("heading", { name: "Privacy", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What is counted" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What is not" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Your network address is never stored or written to a log.");
});

test("the owner turns counting off in Settings with the keyboard, and a visit is then not counted", async ({
  browser,
  server,
  ownerApi,
  page,
}) => {
  await loginAs(page, server.baseUrl, ownerAccount);
  await openSettings(page, "Site");
  const counting = page.getByRole("switch", { name: "Count visitors" });
  await expect(counting).toHaveAttribute("aria-checked", "true");
  await counting.focus();
  await page.keyboard.press("Space");
  await expect(counting).toHaveAttribute("aria-checked", "false");
  expect(await (await ownerApi.get("/api/admin/settings/analytics")).json()).toEqual({ countVisitors: false });

  const off = await visit(browser, server.baseUrl, "/privacy");
  await off.context.close();
  await counting.focus();
  await page.keyboard.press("Enter");
  await expect(counting).toHaveAttribute("aria-checked", "true");
  const on = await visit(browser, server.baseUrl, "/calendar");
  await on.context.close();
  await expect
    .poll(async () => (await analytics(ownerApi)).pages, { timeout: 15_000 })
    .toEqual([{ path: "/calendar", pageViews: 1, visitors: 1 }]);
});
