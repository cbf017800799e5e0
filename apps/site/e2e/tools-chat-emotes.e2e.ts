import { type FakeEmoteProviders, startFakeEmoteProviders } from "@portfolio/testing/fakes/fake-emote-providers.ts";
import { type FakeTwitchIrc, startFakeTwitchIrc } from "@portfolio/testing/fakes/fake-twitch-irc.ts";
import { routeEmotes, setHidden, uniqueChannel } from "./fakes/widget-page.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

// Counts the page's running animations (animated emotes, none off-scene): with motion allowed, not the
// reduced motion the other files run with (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

let irc: FakeTwitchIrc;
let providers: FakeEmoteProviders;
test.beforeAll(async () => {
  irc = await startFakeTwitchIrc();
  providers = await startFakeEmoteProviders();
});
test.afterAll(async () => {
  await irc?.close();
  await providers?.close();
});
test.beforeEach(() => {
  providers.state.bttv = "up";
  providers.state.ffz = "up";
  providers.state["7tv"] = "up";
});

const chatUrl = (channel: string, extra = "") =>
  `/twitchchatwidget?channel=${channel}&server=${irc.url}${providers.params}${extra}`;
const ALL_WORDS = "SourPls catJAM CatBag OMEGALUL EZ peepoHappy";

test.describe("third-party emotes in the chat box (local BTTV, FFZ and 7TV fakes)", () => {
  test("draws each provider's global and channel emotes, and stacks a zero-width one", async ({ page }) => {
    const channel = uniqueChannel("emotes");
    await routeEmotes(page);
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    // The sets load beside the chat: wait until the channel's 7TV set is in.
    await expect
      .poll(() => providers.requests.filter((p) => p.endsWith("/users/twitch/1001")).length)
      .toBeGreaterThan(0);
    irc.privmsg(channel, { id: "e1", login: "ann", text: `${ALL_WORDS} EZ RainTime Kappa` });
    const line = page.getByTestId("chat-message").first();
    for (const [provider, codes] of [
      ["bttv", ["SourPls", "catJAM"]],
      ["ffz", ["CatBag", "OMEGALUL"]],
      ["7tv", ["EZ", "peepoHappy", "RainTime"]],
    ] as const) {
      for (const code of codes) {
        await expect(
          line.locator(`[role="img"][data-provider="${provider}"][aria-label="${code}"]`).first(),
        ).toBeVisible();
      }
    }
    // Drawn by its own rule (one per emote), at 1x from the provider's address.
    await expect(line.locator('[aria-label="SourPls"]')).toHaveCSS(
      "background-image",
      new RegExp(`^image-set\\(url\\("${providers.origin}/emote/bttv-SourPls/1x"\\) 1dppx`),
    );
    // RainTime (zero-width on 7TV) sits over the EZ before it, not beside it.
    const stack = line.locator(".chat-emote-stack");
    await expect(stack.getByRole("img")).toHaveCount(2);
    await expect(stack.getByRole("img").nth(1)).toHaveAttribute("aria-label", "RainTime");
    await expect(line).toContainText("Kappa");
  });

  test("goes on without a provider that is down, and one that never answers", async ({ page }) => {
    providers.state.bttv = "failing";
    providers.state.ffz = "hanging";
    const channel = uniqueChannel("down");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    await expect.poll(() => providers.requests.filter((p) => p.startsWith("/7tv/v3/users")).length).toBeGreaterThan(0);
    irc.privmsg(channel, { id: "d1", login: "ann", text: "SourPls CatBag EZ hello" });
    const line = page.getByTestId("chat-message").first();
    await expect(line).toContainText("ann: SourPls CatBag");
    await expect(line.locator('[role="img"][data-provider="7tv"][aria-label="EZ"]')).toBeVisible();
    await expect(line.locator('[role="img"][data-provider]')).toHaveCount(1);
  });

  test("keeps its emotes across an IRC reconnect without fetching them again", async ({ page }) => {
    const channel = uniqueChannel("reconnect");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    // Every set is in (the fake's 8 emotes, or more once another test added some).
    await expect
      .poll(async () => Number(await page.getByTestId("chat-widget").getAttribute("data-emotes")))
      .toBeGreaterThanOrEqual(8);
    const asked = providers.requests.length;
    irc.dropAll();
    await irc.waitForJoin(channel, 1);
    await expect(page.getByTestId("chat-widget")).toHaveAttribute("data-status", "connected");
    irc.privmsg(channel, { id: "r1", login: "ann", text: "CatBag back" });
    await expect(page.getByTestId("chat-message").first().getByRole("img", { name: "CatBag" })).toBeVisible();
    expect(providers.requests.slice(asked).filter((p) => !/cdn|\/emote\//.test(p))).toEqual([]);
  });

  test("shows an emote the streamer adds on 7TV or BTTV as soon as the provider says so", async ({ page }) => {
    const channel = uniqueChannel("update");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    await providers.waitForSubscribers("7tv", 1);
    await providers.waitForSubscribers("bttv", 1);
    providers.addSeventvChannelEmote("newSeventv");
    providers.addBttvChannelEmote("newBttv");
    await expect
      .poll(async () => {
        irc.privmsg(channel, { id: `u${Date.now()}`, login: "ann", text: "newSeventv newBttv" });
        return page.getByTestId("chat-message").last().locator('[role="img"][data-provider]').count();
      })
      .toBe(2);
  });

  test("a hidden source (OBS off-scene) pauses: no fade runs until it is shown again", async ({ page }) => {
    await page.clock.install();
    const channel = uniqueChannel("hidden");
    await gotoReady(page, chatUrl(channel, "&fade=5"));
    await irc.waitForJoin(channel);
    irc.privmsg(channel, { id: "h1", login: "ann", text: "still here?" });
    await expect(page.getByTestId("chat-message")).toHaveCount(1);
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "visibilityState", { value: value ? "hidden" : "visible", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await setHidden(true);
    await expect(page.getByTestId("chat-widget")).toHaveAttribute("data-paused", "true");
    await page.clock.fastForward(10_000);
    await expect(page.getByTestId("chat-message")).toHaveCount(1);
    await expect(page.getByTestId("chat-message").first()).not.toHaveClass(/is-fading/);
    await setHidden(false);
    await expect(page.getByTestId("chat-widget")).toHaveAttribute("data-paused", "false");
    await expect(page.getByTestId("chat-message")).toHaveCount(0);
  });

  test("an animated emote animates only while the source is visible", async ({ page }) => {
    const channel = uniqueChannel("animated");
    await gotoReady(page, chatUrl(channel));
    await irc.waitForJoin(channel);
    await expect
      .poll(async () => Number(await page.getByTestId("chat-widget").getAttribute("data-emotes")))
      .toBeGreaterThanOrEqual(8);
    irc.privmsg(channel, { id: "a1", login: "ann", text: "SourPls" });
    const emote = page.getByTestId("chat-message").locator('[data-animated][aria-label="SourPls"]');
    // Drawn (and so animated: a picture animates as it is painted) while the source is shown.
    const drawn = () => emote.evaluate((element) => element.checkVisibility());
    await expect.poll(drawn).toBe(true);
    await setHidden(page, true);
    await expect(page.getByTestId("chat-widget")).toHaveAttribute("data-paused", "true");
    // Off-scene the chat's pictures are not rendered at all, and no animation of the page runs.
    expect(await drawn()).toBe(false);
    const running = () =>
      page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === "running").length);
    expect(await running()).toBe(0);
    await setHidden(page, false);
    await expect.poll(drawn).toBe(true);
  });

  test("the builder's preview shows the same emotes, and a provider switched off leaves them out", async ({ page }) => {
    await gotoReady(page, `/twitchchatwidget?setup=1${providers.params}`);
    const preview = page.getByTestId("widget-preview");
    for (const provider of ["bttv", "ffz", "7tv"]) {
      await expect(preview.locator(`[role="img"][data-provider="${provider}"]`).first()).toBeVisible({
        timeout: 15_000,
      });
    }
    await page.getByRole("textbox", { name: "Twitch channel" }).fill("somechannel");
    await page.getByRole("checkbox", { name: "BetterTTV emotes" }).uncheck();
    await expect(page.getByTestId("widget-url")).toHaveValue(/[?&]bttv=0/);
    await expect(preview.locator('[role="img"][data-provider="bttv"]')).toHaveCount(0);
    await expect(preview.locator('[role="img"][data-provider="7tv"]').first()).toBeVisible({ timeout: 15_000 });
  });
});
