/**
 * The widget pages' prerendered HTML is their URL builder: it paints before any script runs. On an overlay's
 * address (an OBS source) that HTML is hidden before the first paint and the overlay is rendered fresh.
 */

import { routeEmoteProviders } from "./fakes/widget-page.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

const BUILDERS: Array<[string, string]> = [
  ["/twitchchatwidget", "Chat Box Widget"],
  ["/twitchcountdownwidget", "Countdown Widget"],
  ["/twitchcotdwidget?setup=1", "Cat of the Day Widget"],
  ["/twitchheartwidget", "Heart Rate Widget"],
];
const OVERLAYS = [
  "/twitchchatwidget?channel=somebody",
  "/twitchcountdownwidget?demo=1",
  "/twitchcotdwidget",
  "/twitchheartwidget?demo=1",
];
/** One setting per builder and the URL it gives (the heart's needs a real access token: its own test has it). */
const SETTING: Record<string, { label: string; value: string; url: RegExp }> = {
  "/twitchchatwidget": { label: "Twitch channel", value: "somebody", url: /\/twitchchatwidget\?channel=somebody$/ },
  // The default end (a quarter of an hour from now) is filled in once the page runs.
  "/twitchcountdownwidget": { label: "Title", value: "Hello", url: /\/twitchcountdownwidget\?to=[^&]+&title=Hello$/ },
  "/twitchcotdwidget?setup=1": { label: "Title", value: "Hello", url: /\/twitchcotdwidget\?title=Hello$/ },
};
const TRANSPARENT = "rgba(0, 0, 0, 0)";

const backgrounds = (page: import("@playwright/test").Page) =>
  page.evaluate(() => [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor));

test.describe("before any script runs", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
  });

  for (const [path, name] of BUILDERS) {
    test(`${path} paints its URL builder from the HTML alone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Widget settings" })).toBeVisible();
      await expect(page.locator("#root")).toHaveCSS("visibility", "visible");
    });
  }

  test("the cat's builder shows today's picture from its HTML alone, through the server's redirect", async ({
    page,
  }) => {
    await page.goto("/twitchcotdwidget?setup=1");
    const picture = page.getByTestId("widget-preview").getByTestId("cat-image");
    await expect(picture).toHaveAttribute("src", "/api/cat-of-the-day/image");
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  for (const path of OVERLAYS) {
    test(`${path}, an overlay's address, never shows the builder and is see-through`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("#root")).toHaveCSS("visibility", "hidden");
      await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
      expect(await backgrounds(page)).toEqual([TRANSPARENT, TRANSPARENT]);
    });
  }

  test("a builder filled in from its URL waits for the page to run, on the site's own background", async ({ page }) => {
    await page.goto("/twitchchatwidget?setup=1&channel=somebody");
    await expect(page.locator("#root")).toHaveCSS("visibility", "hidden");
    const [, body] = await backgrounds(page);
    expect(body).not.toBe(TRANSPARENT);
  });
});

test.describe("once the page runs", () => {
  test("an overlay's address shows the overlay alone, without the builder's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoReady(page, "/twitchcountdownwidget?demo=1");
    await expect(page.getByTestId("countdown-widget")).toBeVisible();
    await expect(page.locator("#root")).toHaveCSS("visibility", "visible");
    await expect(page.locator("html")).not.toHaveAttribute("data-prerender-stale");
    await expect(page.getByTestId("widget-builder")).toHaveCount(0);
    expect(await backgrounds(page)).toEqual([TRANSPARENT, TRANSPARENT]);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => /Builder-/.test(url))).toEqual([]);
    // Only the overlay's own small entry and its widget: nothing of the site's app.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !/\/assets\/overlay-[\w-]+\.js$/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("an address whose settings are not enough for an overlay shows the builder", async ({ page }) => {
    await gotoReady(page, "/twitchchatwidget?utm_source=obs");
    await expect(page.getByTestId("widget-builder")).toBeVisible();
    await expect(page.locator("#root")).toHaveCSS("visibility", "visible");
  });

  test("the cat's picture stays where the HTML put it when the day's answer comes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const picture = page.getByTestId("widget-preview").getByTestId("cat-image");
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/twitchcotdwidget?setup=1");
    const before = await picture.boundingBox();
    await page.unroute("**/assets/*.js");
    await gotoReady(page, "/twitchcotdwidget?setup=1");
    await expect(page.getByTestId("widget-preview").getByTestId("cat-widget")).toHaveAttribute("data-status", "ready");
    await expect(page.getByTestId("cat-caption")).toContainText(/\d{4}$/);
    expect(await picture.boundingBox()).toEqual(before);
  });

  test("a builder filled in from its URL shows the URL's settings", async ({ page }) => {
    await gotoReady(page, "/twitchchatwidget?setup=1&channel=somebody");
    await expect(page.getByLabel("Twitch channel")).toHaveValue("somebody");
    await expect(page.locator("#root")).toHaveCSS("visibility", "visible");
  });

  for (const [path, name] of BUILDERS) {
    test(`${path} takes over its prerendered builder without an error and works`, async ({ page, baseURL }) => {
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(error.message));
      // The builder in the HTML is the one React takes over, not thrown away and drawn again.
      await page.addInitScript(() =>
        document.addEventListener("DOMContentLoaded", () => {
          const prerendered = document.querySelector('[data-testid="widget-builder"]');
          Object.assign(window, { prerenderedBuilder: prerendered });
        }),
      );
      // The chat builder's preview asks the emote providers for their global sets.
      await routeEmoteProviders(page);
      await gotoReady(page, path);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => {
          const kept = (window as { prerenderedBuilder?: Element | null }).prerenderedBuilder;
          return kept === document.querySelector('[data-testid="widget-builder"]') && kept?.isConnected;
        }),
      ).toBe(true);
      const setting = SETTING[path];
      if (setting) {
        await page.getByLabel(setting.label, { exact: true }).fill(setting.value);
        const url = page.getByTestId("widget-url");
        await expect(url).toHaveValue(setting.url);
        expect(await url.inputValue()).toMatch(new RegExp(`^${baseURL}/`));
      }
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }
});
