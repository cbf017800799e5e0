import { type FakeTwitchIrc, startFakeTwitchIrc } from "@portfolio/testing/fakes/fake-twitch-irc.ts";
import { relayWebSocket } from "./fakes/route-socket.ts";
import { expectTransparentPage, routeEmotes, uniqueChannel } from "./fakes/widget-page.ts";
import { expect, gotoReady, pollOnPageClock, test } from "./fixtures.ts";

// Holds that lines come without running an animation: only telling with motion allowed, not the reduced
// motion the other files run with (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

let irc: FakeTwitchIrc;
test.beforeAll(async () => {
  irc = await startFakeTwitchIrc();
});
test.afterAll(async () => {
  await irc?.close();
});

const chatUrl = (channel: string, extra = "") => `/twitchchatwidget?channel=${channel}&server=${irc.url}${extra}`;
const messages = (page: import("@playwright/test").Page) => page.getByTestId("chat-message");

test.describe("chat box widget against a local Twitch IRC stand-in", () => {
  test("joins anonymously and shows names in their colours, badges and emotes", async ({ page }) => {
    const channel = uniqueChannel("colors");
    await routeEmotes(page);
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    const mine = irc.received.slice(-3);
    expect(mine[0]).toBe("CAP REQ :twitch.tv/tags twitch.tv/commands");
    expect(mine[1]).toMatch(/^NICK justinfan\d{5}$/);
    expect(mine[2]).toBe(`JOIN #${channel}`);
    await expect(page.getByTestId("chat-widget")).toHaveAttribute("data-status", "connected");
    await expectTransparentPage(page);

    irc.privmsg(channel, {
      id: "m-1",
      login: "pixelpanda",
      displayName: "PixelPanda",
      color: "#FF69B4",
      badges: "broadcaster/1,subscriber/12",
      emotes: "25:0-4",
      text: "Kappa hello chat",
    });
    irc.privmsg(channel, { id: "m-2", login: "night_owl", text: "\u0001ACTION waves\u0001" });
    const first = messages(page).first();
    await expect(first).toContainText("PixelPanda: hello chat");
    await expect(first.getByTestId("chat-name")).toHaveCSS("color", "rgb(255, 105, 180)");
    await expect(first.locator("[data-badge]")).toHaveCount(2);
    await expect(first.getByRole("img", { name: "Broadcaster" })).toBeVisible();
    const emote = first.getByRole("img", { name: "Kappa" });
    await expect(emote).toHaveCSS(
      "background-image",
      /^image-set\(url\("https:\/\/static-cdn\.jtvnw\.net\/emoticons\/v2\/25\/default\/dark\/1\.0"\) 1dppx/,
    );
    await expect(messages(page).nth(1)).toHaveText("night_owl waves");
    await expect(messages(page).nth(1).locator("span").last()).toHaveCSS("font-style", "italic");
  });

  test("removes deleted messages (CLEARMSG), a banned chatter's messages and a cleared chat (CLEARCHAT)", async ({
    page,
  }) => {
    const channel = uniqueChannel("clear");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    irc.privmsg(channel, { id: "keep-1", login: "ann", text: "hello" });
    irc.privmsg(channel, { id: "bad-1", login: "bob", text: "something rude" });
    irc.privmsg(channel, { id: "spam-1", login: "spammer", userId: "666", text: "buy followers" });
    irc.privmsg(channel, { id: "spam-2", login: "spammer", userId: "666", text: "cheap!!" });
    irc.privmsg(channel, { id: "keep-2", login: "cat", text: "gg" });
    await expect(messages(page)).toHaveCount(5);

    irc.clearMessage(channel, "bad-1", "bob");
    await expect(page.locator('[data-id="bad-1"]')).toHaveCount(0);
    await expect(messages(page)).toHaveCount(4);

    irc.clearUser(channel, "spammer", "666", 600);
    await expect(page.locator('[data-login="spammer"]')).toHaveCount(0);
    await expect(messages(page)).toHaveCount(2);

    irc.clearChat(channel);
    await expect(messages(page)).toHaveCount(0);
    irc.privmsg(channel, { id: "after", login: "ann", text: "still here" });
    await expect(messages(page)).toHaveText(["ann: still here"]);
  });

  test("hides commands and listed bots, and keeps only the newest lines", async ({ page }) => {
    const channel = uniqueChannel("filter");
    await gotoReady(page, chatUrl(channel, "&limit=3&bots=mybot"));
    await irc.waitForJoin(channel);
    irc.privmsg(channel, { id: "c1", login: "ann", text: "!discord" });
    irc.privmsg(channel, { id: "b1", login: "mybot", text: "I am a bot" });
    for (let i = 1; i <= 5; i++) irc.privmsg(channel, { id: `n${i}`, login: "ann", text: `line ${i}` });
    await expect(messages(page)).toHaveText(["ann: line 3", "ann: line 4", "ann: line 5"]);
  });

  test("a new line leaves the old ones untouched and lifts them, newest at the bottom", async ({ page }) => {
    const channel = uniqueChannel("lift");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    irc.privmsg(channel, { id: "o1", login: "ann", text: "first" });
    irc.privmsg(channel, { id: "o2", login: "ann", text: "second" });
    await expect(messages(page)).toHaveCount(2);
    const top = async (index: number) => (await messages(page).nth(index).boundingBox())?.y ?? Number.NaN;
    const before = await top(0);
    // Watch the old lines: a change of their style or content would lay them out or repaint them again.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { oldLineChanges: string[] }).oldLineChanges = seen;
      const observer = new MutationObserver((records) => {
        for (const record of records) seen.push(`${record.type} ${record.attributeName ?? ""}`);
      });
      for (const line of document.querySelectorAll("[data-testid=chat-message]")) {
        observer.observe(line, { attributes: true, childList: true, subtree: true, characterData: true });
      }
    });
    for (let i = 1; i <= 3; i++) irc.privmsg(channel, { id: `n${i}`, login: "bob", text: `new ${i}` });
    await expect(messages(page)).toHaveCount(5);
    await expect.poll(() => top(0)).toBeLessThan(before);
    expect(await page.evaluate(() => (window as unknown as { oldLineChanges: string[] }).oldLineChanges)).toEqual([]);
    // The newest line ends at the bottom of the box, the others above it in order.
    const box = await page.getByRole("log").boundingBox();
    const last = await messages(page).nth(4).boundingBox();
    expect(Math.round((last?.y ?? 0) + (last?.height ?? 0))).toBe(Math.round((box?.y ?? 0) + (box?.height ?? 0)));
    for (let i = 1; i < 5; i++) expect(await top(i)).toBeGreaterThan(await top(i - 1));
  });

  test("a calm chat's line comes in with an entry; a burst of lines comes in without one", async ({ page }) => {
    const channel = uniqueChannel("entry");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    irc.privmsg(channel, { id: "calm", login: "ann", text: "hello" });
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toHaveClass(/is-new/);
    for (let i = 1; i <= 4; i++) irc.privmsg(channel, { id: `burst${i}`, login: "bob", text: `spam ${i}` });
    await expect(messages(page)).toHaveCount(5);
    // Faster than anyone sees lines come: no animation runs for them (none ticks the page's frames).
    await expect(page.locator(".chat-line.is-new:not([data-id=calm])")).toHaveCount(0);
  });

  test("fades messages out after the configured time", async ({ page }) => {
    await page.clock.install();
    const channel = uniqueChannel("fade");
    await gotoReady(page, chatUrl(channel, "&fade=5"));
    await irc.waitForJoin(channel);
    irc.privmsg(channel, { id: "f1", login: "ann", text: "soon gone" });
    await expect(messages(page)).toHaveCount(1);
    await page.clock.fastForward(3000);
    await expect(messages(page)).toHaveCount(1);
    await page.clock.fastForward(2500);
    await expect(messages(page).first()).toHaveClass(/is-fading/);
    await page.clock.fastForward(1500);
    await expect(messages(page)).toHaveCount(0);
  });

  test("answers PING, follows RECONNECT, and reconnects with backoff after a drop", async ({ page }) => {
    const channel = uniqueChannel("reconnect");
    const widget = page.getByTestId("chat-widget");
    const status = () => widget.getAttribute("data-status");
    await page.clock.install();
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    irc.ping();
    await expect.poll(() => irc.received.includes("PONG :tmi.twitch.tv")).toBe(true);

    irc.dropAll();
    await expect(widget).toHaveAttribute("data-status", "reconnecting");
    await pollOnPageClock(page, status).toBe("connected");
    await irc.waitForJoin(channel, 1);
    irc.privmsg(channel, { id: "r1", login: "ann", text: "welcome back" });
    await expect(messages(page)).toHaveText(["ann: welcome back"]);

    irc.reconnectNotice();
    await expect(widget).toHaveAttribute("data-status", "reconnecting");
    await pollOnPageClock(page, status).toBe("connected");
  });

  test("demo mode shows sample chat without any connection", async ({ page }) => {
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await gotoReady(page, "/twitchchatwidget?demo=1");
    await expect(messages(page).first()).toBeVisible();
    await expect(page.getByTestId("chat-widget")).toContainText("PixelPanda");
    // The demo runs its lines through the same rules: the bot and the command stay hidden.
    await expect(page.getByTestId("chat-widget")).not.toContainText("!discord");
    expect(sockets).toEqual([]);
  });
});

test.describe("chat box widget with the production address and CSP", () => {
  test("connects to Twitch's own wss:// address (relayed to the stand-in); other server overrides are ignored", async ({
    page,
  }) => {
    const channel = uniqueChannel("csp");
    const urls: string[] = [];
    await relayWebSocket(page, /^wss:\/\/irc-ws\.chat\.twitch\.tv/, (url) => {
      urls.push(url.href);
      return irc.url;
    });
    await gotoReady(page, `/twitchchatwidget?channel=${channel}&server=wss://evil.example:443`);
    await irc.waitForJoin(channel);
    expect(urls).toEqual(["wss://irc-ws.chat.twitch.tv/"]);
    irc.privmsg(channel, { id: "p1", login: "ann", text: "through the real address" });
    await expect(messages(page)).toHaveText(["ann: through the real address"]);
  });
});
