import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

test.describe("widget URL builders", () => {
  test("the chat box builder: settings, live preview, copy, and filled in again from a URL", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await gotoReady(page, "/twitchchatwidget");
    await expect(page.getByRole("heading", { name: "Chat Box Widget", level: 1 })).toBeVisible();
    const url = page.getByTestId("widget-url");
    await expect(url).toHaveValue("");
    await expect(page.getByRole("button", { name: "Copy URL" })).toBeDisabled();
    // The preview runs sample chat through the real rules.
    await expect(page.getByTestId("widget-preview").getByTestId("chat-message").first()).toBeVisible();

    await page.getByLabel("Twitch channel").fill("https://www.twitch.tv/Some_Streamer");
    await expect(url).toHaveValue(`${baseURL}/twitchchatwidget?channel=some_streamer`);
    await page.getByLabel("Hide messages after (seconds)").fill("30");
    await page.getByLabel("Most lines shown").fill("8");
    await page.getByLabel("Show badges").uncheck();
    await page.getByLabel("Hide these chatters (bots)").fill("nightbot, mybot");
    await expect(url).toHaveValue(
      `${baseURL}/twitchchatwidget?channel=some_streamer&fade=30&limit=8&bots=nightbot,mybot&badges=0`,
    );
    await expect(page.getByTestId("widget-preview").locator("[data-badge]")).toHaveCount(0);

    await page.getByRole("button", { name: "Copy URL" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());

    await page.getByLabel("Twitch channel").fill("not a channel!");
    await expect(url).toHaveValue("");
    await expect(page.getByText("That is not a Twitch channel name")).toBeVisible();

    // ?setup opens the builder filled in from a widget URL.
    await gotoReady(page, "/twitchchatwidget?channel=abc&fade=12&setup=1");
    await expect(page.getByLabel("Twitch channel")).toHaveValue("abc");
    await expect(page.getByLabel("Hide messages after (seconds)")).toHaveValue("12");
  });

  test("the countdown builder: a fixed end time or a duration", async ({ page, baseURL }) => {
    await gotoReady(page, "/twitchcountdownwidget");
    await expect(page.getByRole("heading", { name: "Countdown Widget", level: 1 })).toBeVisible();
    const url = page.getByTestId("widget-url");
    await page.getByLabel("Ends at (your local time)").fill("2030-06-01T20:30");
    const expectedEnd = new Date(2030, 5, 1, 20, 30).toISOString().replace(".000Z", "Z");
    await expect(url).toHaveValue(`${baseURL}/twitchcountdownwidget?to=${expectedEnd}`);
    await page.getByLabel("Title", { exact: true }).fill("Back in a bit");
    await expect(url).toHaveValue(`${baseURL}/twitchcountdownwidget?to=${expectedEnd}&title=Back+in+a+bit`);
    await expect(page.getByTestId("widget-preview").getByTestId("countdown-title")).toHaveText("Back in a bit");

    await page.getByLabel("for a duration (starts when the source loads)").check();
    await page.getByLabel("Duration", { exact: true }).fill("90s");
    await expect(url).toHaveValue(`${baseURL}/twitchcountdownwidget?duration=90s&title=Back+in+a+bit`);
    await expect(page.getByTestId("widget-preview").getByTestId("countdown-time")).toHaveText(/^1:(30|29|28)$/);
    await page.getByLabel("Duration", { exact: true }).fill("soon");
    await expect(url).toHaveValue("");
  });

  test("the cat builder and the heart-rate builder", async ({ page, baseURL }) => {
    await gotoReady(page, "/twitchcotdwidget?setup=1");
    await expect(page.getByRole("heading", { name: "Cat of the Day Widget", level: 1 })).toBeVisible();
    const url = page.getByTestId("widget-url");
    await expect(url).toHaveValue(`${baseURL}/twitchcotdwidget`);
    await page.getByLabel("Title", { exact: true }).fill("Daily cat");
    await page.getByLabel("Show the title and date").uncheck();
    await expect(url).toHaveValue(`${baseURL}/twitchcotdwidget?title=Daily+cat&caption=0`);
    await expect(page.getByTestId("widget-preview").getByTestId("cat-image")).toBeVisible();
    // A daily picture has no live feed to stand in for: no demo=1 line.
    await expect(page.getByText("In OBS:")).toBeVisible();
    await expect(page.getByText("demo=1")).toHaveCount(0);

    await gotoReady(page, "/twitchheartwidget");
    await expect(page.getByText("In OBS:")).toContainText(
      "Add demo=1 to the URL to see a made-up heart rate, without a sensor.",
    );
    await expect(page.getByRole("heading", { name: "Heart Rate Widget", level: 1 })).toBeVisible();
    await expect(page.getByTestId("widget-preview").getByTestId("heart-bpm")).toHaveText(/^\d{2,3}$/);
    await expect(url).toHaveValue("");
    await page.getByLabel("Pulsoid access token", { exact: true }).fill("abc-123");
    await expect(url).toHaveValue(`${baseURL}/twitchheartwidget?token=abc-123`);
    await expect(page.getByText("Keep this URL private: it contains your access token.")).toBeVisible();
    await page.getByLabel("Signal lost after (seconds)").fill("20");
    await expect(url).toHaveValue(`${baseURL}/twitchheartwidget?token=abc-123&lost=20`);
    await page.getByLabel("Feed address").fill("wss://example.com/feed");
    await expect(url).toHaveValue("");
    await expect(
      page.getByText("Use an address on dev.pulsoid.net, or a ws:// address on this computer."),
    ).toBeVisible();
  });

  test("the widget chooser's cat of the day opens its builder with a live preview, not the bare overlay", async ({
    page,
  }) => {
    // Light mode, where the bare overlay (white text on a see-through page) could not be read at all.
    await page.addInitScript(() => localStorage.setItem("darkMode", "false"));
    await gotoReady(page, "/");
    await page.getByTestId("hidden-i-dot").click();
    const dialog = page.getByRole("dialog", { name: "Choose a Twitch widget" });
    await dialog.getByRole("link", { name: /^Cat of the Day/ }).click();
    await expect(page).toHaveURL(/\/twitchcotdwidget\?setup=1$/);
    await expect(page.getByTestId("widget-builder")).toHaveAttribute("data-widget", "cat");
    await expect(page.getByRole("heading", { name: "Cat of the Day Widget", level: 1 })).toBeVisible();
    await expect(page.getByTestId("widget-preview").getByTestId("cat-image")).toBeVisible();
    await expect(page.getByTestId("widget-url")).toHaveValue(/\/twitchcotdwidget$/);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the widget chooser opens each widget and its builder", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByTestId("hidden-i-dot").click();
    const dialog = page.getByRole("dialog", { name: "Choose a Twitch widget" });
    await expect(dialog.getByRole("link", { name: "Set up the chat box for OBS" })).toHaveAttribute(
      "href",
      "/twitchchatwidget?setup=1",
    );
    await expect(dialog.getByRole("link", { name: "Set up the countdown for OBS" })).toHaveAttribute(
      "href",
      "/twitchcountdownwidget?setup=1",
    );
    await expect(dialog.getByRole("link", { name: "Set up the heart rate overlay" })).toHaveAttribute(
      "href",
      "/twitchheartwidget?setup=1",
    );
    await dialog.getByRole("link", { name: "Set up the cat picture for OBS" }).click();
    await expect(page).toHaveURL(/\/twitchcotdwidget\?setup=1$/);
    await expect(page.getByTestId("widget-builder")).toHaveAttribute("data-widget", "cat");
  });

  test("at 390 px the URL field keeps its full height above its buttons", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, "/twitchcountdownwidget");
    const field = page.getByTestId("widget-url");
    await expect(field).toHaveValue(/\/twitchcountdownwidget\?to=/);
    const box = await field.boundingBox();
    const copy = await page.getByRole("button", { name: "Copy URL" }).boundingBox();
    expect(box?.height).toBe(40);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(copy?.y ?? 0);
  });
});
