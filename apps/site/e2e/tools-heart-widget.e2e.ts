import { type FakeHeartRate, FEED_PATH, startFakeHeartRate } from "@portfolio/testing/fakes/fake-heart-rate.ts";
import { relayWebSocket } from "./fakes/route-socket.ts";
import { expectTransparentPage } from "./fakes/widget-page.ts";
import { expect, gotoReady, pollOnPageClock, test } from "./fixtures.ts";

// About the heart's beat animation (its duration follows the rate): the motion a visitor sees, not the
// reduced one the other files run with (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

let feed: FakeHeartRate;
test.beforeAll(async () => {
  feed = await startFakeHeartRate();
});
test.afterAll(async () => {
  await feed?.close();
});

const heartUrl = (token: string, extra = "") =>
  `/twitchheartwidget?token=${token}&url=${encodeURIComponent(feed.url)}${extra}`;

test.describe("heart-rate widget against a local Pulsoid-shaped feed", () => {
  test("shows the live rate with a heart beating at it", async ({ page }) => {
    const before = feed.connections;
    await gotoReady(page, heartUrl(feed.token));
    await feed.waitForClients(before + 1);
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-signal", "waiting");
    await expect(page.getByTestId("heart-note")).toHaveText("Waiting for heart rate…");
    await expectTransparentPage(page);

    feed.send(93);
    await expect(page.getByTestId("heart-bpm")).toHaveText("93");
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-signal", "live");
    // One beat per 60,000 / 93 ms.
    await expect(page.getByTestId("heart-icon")).toHaveCSS("animation-duration", "0.645s");
    await expect(page.getByTestId("heart-note")).toHaveCount(0);
    feed.send(120);
    await expect(page.getByTestId("heart-bpm")).toHaveText("120");
    await expect(page.getByTestId("heart-icon")).toHaveCSS("animation-duration", "0.5s");
    // Junk and impossible readings are ignored.
    feed.sendRaw("not json");
    feed.sendRaw(JSON.stringify({ data: { heart_rate: 900 } }));
    await expect(page.getByTestId("heart-bpm")).toHaveText("120");
  });

  test("says 'Signal lost' when readings stop, and recovers when they come back", async ({ page }) => {
    await page.clock.install();
    const before = feed.connections;
    await gotoReady(page, heartUrl(feed.token, "&lost=5"));
    await feed.waitForClients(before + 1);
    feed.send(75);
    await expect(page.getByTestId("heart-bpm")).toHaveText("75");
    await page.clock.fastForward(4000);
    await expect(page.getByTestId("heart-widget")).toHaveAttribute("data-signal", "live");
    await page.clock.fastForward(1600);
    await expect(page.getByTestId("heart-note")).toHaveText("Signal lost");
    await expect(page.getByTestId("heart-bpm")).toHaveText("--");
    feed.send(82);
    await expect(page.getByTestId("heart-bpm")).toHaveText("82");
    await expect(page.getByTestId("heart-note")).toHaveCount(0);
  });

  test("reconnects when the feed drops, and keeps trying with a wrong token", async ({ page }) => {
    const before = feed.connections;
    await page.clock.install();
    await gotoReady(page, heartUrl(feed.token));
    await feed.waitForClients(before + 1);
    feed.dropAll();
    await pollOnPageClock(page, () => feed.connections).toBeGreaterThanOrEqual(before + 2);
    feed.send(101);
    await expect(page.getByTestId("heart-bpm")).toHaveText("101");

    const refused = feed.refused;
    await gotoReady(page, heartUrl("wrong-token"));
    await pollOnPageClock(page, () => feed.refused).toBeGreaterThanOrEqual(refused + 2);
    await expect(page.getByTestId("heart-note")).toHaveText("Waiting for heart rate…");
  });

  test("demo mode beats without any feed", async ({ page }) => {
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await gotoReady(page, "/twitchheartwidget?demo=1&label=bpm");
    await expect(page.getByTestId("heart-bpm")).toHaveText(/^\d{2,3}$/);
    await expect(page.getByTestId("heart-widget")).toContainText("bpm");
    expect(sockets).toEqual([]);
  });
});

test.describe("heart-rate widget with the production address and CSP", () => {
  test("connects to Pulsoid's real-time address with the token (relayed to the stand-in)", async ({ page }) => {
    const urls: string[] = [];
    await relayWebSocket(page, /^wss:\/\/dev\.pulsoid\.net\//, (url) => {
      urls.push(url.href);
      return `${feed.url.replace(FEED_PATH, "")}${url.pathname}${url.search}`;
    });
    const before = feed.connections;
    await gotoReady(page, `/twitchheartwidget?token=${feed.token}`);
    await feed.waitForClients(before + 1);
    expect(urls).toEqual([`wss://dev.pulsoid.net/api/v1/data/real_time?access_token=${feed.token}`]);
    feed.send(88);
    await expect(page.getByTestId("heart-bpm")).toHaveText("88");
  });
});
