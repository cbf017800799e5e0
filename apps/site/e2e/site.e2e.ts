import { expect, gotoReady, test } from "./fixtures.ts";

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
    for (const [path, text] of routes) {
      await gotoReady(page, path);
      await expect(page.locator("body")).toContainText(text);
    }
    expect(errors).toEqual([]);
  });

  test("hashed assets are cached for a long time; sitemap and robots exist", async ({ request, page }) => {
    const html = await (await request.get("/")).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
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
