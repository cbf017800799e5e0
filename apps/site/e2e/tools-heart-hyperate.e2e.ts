import { type FakeHypeRate, startFakeHypeRate } from "@portfolio/testing/fakes/fake-hyperate.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

// Holds that no animation runs while no rate comes: only telling with motion allowed, not the reduced motion
// the other files run with (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

let feed: FakeHypeRate;
test.beforeAll(async () => {
  feed = await startFakeHypeRate();
});
test.afterAll(async () => {
  await feed?.close();
});

test.describe("heart-rate widget against a local HypeRate-shaped feed", () => {
  test("joins the streamer's channel with the API key and shows the live rate", async ({ page }) => {
    await gotoReady(
      page,
      `/twitchheartwidget?source=hyperate&id=abc12&key=${feed.key}&url=${encodeURIComponent(feed.url)}`,
    );
    await feed.waitForJoin("hr:abc12");
    await expect(page.getByTestId("heart-note")).toHaveText("Waiting for heart rate…");
    feed.send("other", 150);
    feed.send("abc12", 88);
    await expect(page.getByTestId("heart-bpm")).toHaveText("88");
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-signal", "live");
  });

  test("is chosen in the builder, which asks for the widget ID and the key", async ({ page }) => {
    await gotoReady(page, "/twitchheartwidget");
    await page.getByRole("radio", { name: "HypeRate" }).check();
    await page.getByRole("textbox", { name: "HypeRate widget ID" }).fill("abc12");
    await page.getByLabel("HypeRate API key", { exact: true }).fill("k3y");
    await expect(page.getByTestId("widget-url")).toHaveValue(/\/twitchheartwidget\?source=hyperate&id=abc12&key=k3y$/);
  });

  test("a hidden source pauses the beating heart", async ({ page }) => {
    await gotoReady(page, "/twitchheartwidget?demo=1");
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-signal", "live");
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-paused", "false");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-paused", "true");
    // No animation runs (and no timer beats the made-up pulse on).
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length))
      .toBe(0);
  });
});
