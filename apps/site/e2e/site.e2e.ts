import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { routeEmoteProviders } from "./fakes/widget-page.ts";
import { expect, gotoReady, PROJECTS_LIST, test } from "./fixtures.ts";

test.describe("dark mode", () => {
  test("on by default, toggled and kept in localStorage across reloads, applied before paint", async ({ page }) => {
    await gotoReady(page, "/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("darkMode"))).toBeNull();

    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("darkMode"))).toBe("false");

    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();

    // Before any bundle runs: block the scripts and look at the first paint's class.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await page.evaluate(() => localStorage.setItem("darkMode", "true"));
    await page.goto("/login");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.unroute("**/assets/*.js");

    await gotoReady(page, "/calendar");
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("darkMode") ?? "null"))).toBe(false);
  });

  test("a choice in one tab is followed by the site's other open tabs", async ({ page, context }) => {
    await gotoReady(page, "/");
    const other = await context.newPage();
    await gotoReady(other, "/calendar");
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(other.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(other.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
  });

  test("hydrating a page adds no storage listener (Chromium loads the storage areas for it, blocking)", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const types: string[] = [];
      (window as unknown as { listened: string[] }).listened = types;
      const add = window.addEventListener.bind(window);
      window.addEventListener = ((type: string, ...rest: [EventListener, boolean | AddEventListenerOptions]) => {
        types.push(type);
        add(type, ...rest);
      }) as typeof window.addEventListener;
    });
    await gotoReady(page, "/");
    const listened = await page.evaluate(() => (window as unknown as { listened: string[] }).listened);
    expect(listened.length).toBeGreaterThan(0);
    expect(listened).not.toContain("storage");
  });
});

test.describe("static export served by the real server", () => {
  test("unknown paths and /404 answer 404 with the extinct page", async ({ page }) => {
    for (const path of ["/this/does/not/exist", "/404"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "This Page Has Gone Extinct!" })).toBeVisible();
    }
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("link", { name: "Return to the Living" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("last-seen-badge")).toBeVisible();
  });

  test("every client route works on reload with its own prerendered HTML", async ({ page, request }) => {
    const routes: Array<[string, string]> = [
      ["/", "Software developer"],
      ["/login", "Welcome back"],
      ["/reset-password", "Reset your password"],
      ["/activate-account", "Activate your account"],
      ["/accept-invitation", "Accept your invitation"],
      ["/confirm-email", "Confirm your e-mail address"],
      ["/calendar", "Project Calendar"],
      ["/playlist-shuffler", "Playlist Shuffler"],
      ["/twitchchatwidget", "Chat Box Widget"],
      ["/twitchcountdownwidget", "Countdown Widget"],
      ["/twitchcotdwidget", "Cat of the Day Widget"],
      ["/twitchheartwidget", "Heart Rate Widget"],
      ["/twitch/callback", "Twitch Authorization"],
      ["/twitch/fallback", "Twitch Authorization"],
    ];
    for (const [path, text] of routes) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(text);
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toContain('<meta name="description"');
      expect(html, path).toContain('<meta property="og:title"');
    }
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    // The chat builder's preview asks the emote providers for their global sets; this machine has no internet.
    await routeEmoteProviders(page);
    for (const [path, text] of routes) {
      await gotoReady(page, path);
      await expect(page.locator("body")).toContainText(text);
    }
    expect(errors).toEqual([]);
  });

  test("hashed assets are cached for a long time; sitemap and robots exist", async ({ request, page }) => {
    const html = await (await request.get("/")).text();
    const script = /"(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script as string);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
    expect((await request.get("/robots.txt")).status()).toBe(200);
    expect(await (await request.get("/sitemap.xml")).text()).toContain("<urlset");
    // Visitors do not trigger a 401 session check: no console noise, one request less.
    const calls: string[] = [];
    page.on("request", (r) => calls.push(new URL(r.url()).pathname));
    await gotoReady(page, "/");
    await page.waitForLoadState("networkidle");
    expect(calls).not.toContain("/api/me");
    expect(calls.filter((p) => p.includes("canvas-confetti") || p.includes("confetti"))).toEqual([]);
    expect(calls.filter((p) => /AdminPanel|PlaylistShuffler/.test(p))).toEqual([]);
  });
});

test.describe("links between pages", () => {
  test("a plain click opens the page inside the app, without loading a new document", async ({ page }) => {
    await gotoReady(page, "/");
    await page.evaluate(() => {
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    const calendar = page.getByTestId("calendar-button");
    await expect(calendar).toHaveAttribute("href", "/calendar");
    await calendar.click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("calendar-button")).toBeVisible();
  });

  test("a Ctrl-click is left to the browser: a new tab, and this page stays", async ({ page, context }) => {
    await gotoReady(page, "/");
    const opened = context.waitForEvent("page");
    await page.getByTestId("calendar-button").click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    // The new tab starts on about:blank and commits /calendar a moment later.
    await expect(tab).toHaveURL(/\/calendar$/);
    expect(new URL(page.url()).pathname).toBe("/");
    await tab.close();
  });
});

test.describe("calendar", () => {
  const base = { description: "d", isArchived: false, isLatest: false, tags: [], version: 1 };
  const PROJECTS = [
    { ...base, _id: "a", title: "Alpha Bot", createdAt: "2026-09-10T10:00:00", updatedAt: "2026-11-05T15:00:00" },
    { ...base, _id: "b", title: "Beta Widget", createdAt: "2026-11-12T09:00:00", updatedAt: "2026-11-12T09:00:00" },
  ];
  const month = (page: import("@playwright/test").Page) => page.getByTestId("calendar-month");
  const day = (page: import("@playwright/test").Page, key: string) => page.locator(`[data-day="${key}"]`);

  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date(2026, 10, 20, 12, 0, 0));
    await page.route(PROJECTS_LIST, (route) => route.fulfill({ json: { projects: PROJECTS } }));
  });

  test("shows each project's own start and update days in a month view", async ({ page }) => {
    await gotoReady(page, "/calendar");
    // Two project days and the owner's birthday (14 November): the count agrees with the marked days.
    await expect(month(page)).toHaveText("November 20263 events");
    await expect(day(page, "2026-11-05")).toHaveAccessibleName("Thursday, November 5, 2026, 1 event");
    await expect(day(page, "2026-11-12")).toHaveAccessibleName("Thursday, November 12, 2026, 1 event");
    await expect(day(page, "2026-11-14")).toHaveAccessibleName("Saturday, November 14, 2026, 1 event");
    await day(page, "2026-11-05").click();
    await expect(page.getByTestId("day-events")).toHaveText("UpdatedAlpha Bot");
    await day(page, "2026-11-12").click();
    await expect(page.getByTestId("day-events")).toHaveText("StartedBeta Widget");
    await expect(page.getByTestId("calendar-empty")).toHaveCount(0);
  });

  test("moves between days and months with the keyboard, one day in the tab order", async ({ page }) => {
    await gotoReady(page, "/calendar");
    await expect(page.locator('[data-day][tabindex="0"]')).toHaveCount(1);
    await expect(page.locator('[data-day][tabindex="0"]')).toHaveAttribute("data-day", "2026-11-20");
    await day(page, "2026-11-20").focus();
    await page.keyboard.press("ArrowUp");
    await expect(day(page, "2026-11-13")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(day(page, "2026-11-12")).toBeFocused();
    await expect(page.getByTestId("day-events")).toHaveText("StartedBeta Widget");
    await page.keyboard.press("PageUp");
    await expect(month(page)).toHaveText("October 20260 events");
    await expect(day(page, "2026-10-12")).toBeFocused();
    await page.keyboard.press("PageUp");
    await expect(month(page)).toHaveText("September 20261 event");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(day(page, "2026-09-10")).toBeFocused();
    await expect(page.getByTestId("day-events")).toHaveText("StartedAlpha Bot");
    await page.keyboard.press("Shift+PageDown");
    await expect(month(page)).toHaveText("September 20270 events");
    await page.keyboard.press("End");
    await expect(day(page, "2027-09-12")).toBeFocused(); // 10 Sep 2027 is a Friday; End goes to Sunday
    await expect(page.locator('[data-day][tabindex="0"]')).toHaveCount(1);
  });

  test("a month without activity says so and offers the nearest months with some", async ({ page }) => {
    await gotoReady(page, "/calendar");
    await page.getByRole("button", { name: "Previous month" }).click();
    await expect(month(page)).toHaveText("October 20260 events");
    const empty = page.getByTestId("calendar-empty");
    await expect(empty).toContainText("No project activity in October 2026.");
    expect(await seriousViolations(page)).toEqual([]);
    await empty.getByRole("button", { name: "September 2026" }).click();
    await expect(month(page)).toHaveText("September 20261 event");
    await expect(page.getByTestId("day-events")).toHaveText("StartedAlpha Bot");
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(month(page)).toHaveText("December 20260 events");
    await expect(page.getByTestId("calendar-empty").getByRole("button")).toHaveText(["November 2026"]);
  });
});

test("the seeded projects' activity is spread over their own days, not the seeding day", async ({ page }) => {
  await gotoReady(page, "/calendar");
  const recent = page.getByRole("region", { name: "Recent activity" }).locator("time");
  await expect(recent.first()).toBeVisible();
  const days = await recent.evaluateAll((els) => els.map((el) => (el.getAttribute("datetime") ?? "").slice(0, 10)));
  expect(days.length).toBeGreaterThan(4);
  expect(new Set(days).size).toBeGreaterThan(4);
});
