import { MESSAGES, YOUTUBE_MESSAGES } from "@portfolio/core/domain";
import { NO_PLAYABLE_VIDEOS } from "../src/tools/shuffler/shuffler-messages.ts";
import { PLAYLISTS, playableTitles, playlistUrl } from "./fakes/playlists.ts";
import {
  endTrack,
  expectTrack,
  openShuffler,
  playerError,
  queueHeading,
  shufflePlaylists,
  stubCalls,
  stubVideoId,
  visibleTitles,
} from "./fakes/shuffler-page.ts";
import { expect, expectAfterExactly, pauseClock, test } from "./fixtures.ts";

/** Past the 1 s advance guard. */
const GUARD = 1100;

test.describe("playlist shuffler: form and errors", () => {
  test("checks the URL with the spec's exact messages", async ({ page }) => {
    await openShuffler(page);
    const shuffleButton = page.getByRole("button", { name: "Shuffle", exact: true });
    await shuffleButton.click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(MESSAGES.playlistUrlRequired);
    await expect(page.getByTestId("playlist-url-0")).toHaveAttribute("aria-invalid", "true");

    await page.getByTestId("playlist-url-0").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await expect(page.getByTestId("shuffler-error")).toBeHidden();
    await shuffleButton.click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(MESSAGES.playlistUrlInvalid);

    // With two URLs the bad one is marked.
    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.small));
    await page.getByRole("button", { name: "Add another playlist to shuffle together" }).click();
    await page.getByTestId("playlist-url-1").fill("https://www.youtube.com/playlist?list=PLtooShort");
    await shuffleButton.click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(MESSAGES.playlistUrlInvalid);
    await expect(page.getByTestId("playlist-url-1")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("playlist-url-0")).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Remove playlist URL 2" }).click();
    await expect(page.getByTestId("playlist-url-1")).toHaveCount(0);
  });

  test("shows the server's error for a playlist YouTube does not know, and a clear one for nothing playable", async ({
    page,
  }) => {
    await openShuffler(page);
    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.missing));
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(YOUTUBE_MESSAGES.notFound);

    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.unplayable));
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(NO_PLAYABLE_VIDEOS);
  });

  test("says 'Failed to fetch playlist data' when the server cannot be reached", async ({ page }) => {
    await openShuffler(page);
    await page.route("**/api/youtube-playlist?playlistId=*", (route) => route.abort("connectionreset"));
    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.small));
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(YOUTUBE_MESSAGES.fetchFailed);
    await expect(queueHeading(page)).toHaveCount(0);
  });
});

test.describe("playlist shuffler: playing", () => {
  test("shuffles the whole playlist, lists it and cues the first track without autoplay", async ({ page }) => {
    const youtube = await openShuffler(page);
    // The player script is only fetched once there is something to play.
    expect(youtube.scriptRequests()).toBe(0);
    await shufflePlaylists(page, PLAYLISTS.small);
    await expect(queueHeading(page)).toHaveText("Shuffled Playlist (12 songs)");
    await expectTrack(page, 1, 12);
    const titles = await visibleTitles(page);
    expect([...titles].sort()).toEqual([...playableTitles(PLAYLISTS.small)].sort());
    await expect(page.getByTestId("track-title")).toHaveText(titles[0] as string);
    await expect(page.getByTestId("now-playing").getByText(/Channel \d · \d+:\d\d/)).toBeVisible();
    await expect(page.getByTestId("now-playing").locator("img")).toHaveAttribute(
      "src",
      /^https:\/\/i\.ytimg\.com\/vi\//,
    );

    const calls = await stubCalls(page);
    expect(calls[0]?.[0]).toBe("new");
    expect(calls[0]?.[1]).toBe(await stubVideoId(page));
    expect(calls[0]?.[2]).toMatchObject({ autoplay: 0, enablejsapi: 1 });
    // The embed sends an origin to YouTube even though the site itself sends no Referer.
    const frames = await page.evaluate(
      () =>
        (window as unknown as { __ytStub: { frames: { src: string; referrerPolicy: string; title: string }[] } })
          .__ytStub.frames,
    );
    expect(frames[0]).toMatchObject({
      referrerPolicy: "strict-origin-when-cross-origin",
      title: "YouTube video player",
    });
    expect(frames[0]?.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?/);
    expect(calls.map((c) => c[0])).not.toContain("playVideo");
    expect(calls.map((c) => c[0])).not.toContain("loadVideoById");
    await expect(page.getByTestId("yt-stub")).toHaveAttribute("data-state", "5");
    await expect(page.getByRole("button", { name: "Autoplay OFF" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeEnabled();
    expect(youtube.scriptRequests()).toBe(1);
  });

  test("pages through a long playlist and leaves out private and deleted videos", async ({ page }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.mixed);
    await expect(queueHeading(page)).toHaveText(`Shuffled Playlist (${playableTitles(PLAYLISTS.mixed).length} songs)`);
    expect(playableTitles(PLAYLISTS.mixed)).toHaveLength(108);
  });

  test("play, pause, next, previous (wrapping to the last), loop, and the 1 s guard", async ({ page }) => {
    await page.clock.install();
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    const titles = await visibleTitles(page);

    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();

    await page.clock.fastForward(GUARD);
    await page.getByRole("button", { name: "Next track" }).click();
    await expectTrack(page, 2, 12);
    await expect(page.getByTestId("track-title")).toHaveText(titles[1] as string);
    expect((await stubCalls(page)).at(-1)?.[0]).toBe("loadVideoById");
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();

    // A second press within 1 s is ignored.
    await page.getByRole("button", { name: "Next track" }).click();
    await expectTrack(page, 2, 12);

    await page.clock.fastForward(GUARD);
    await page.getByRole("button", { name: "Previous track" }).click();
    await expectTrack(page, 1, 12);
    await page.clock.fastForward(GUARD);
    await page.getByRole("button", { name: "Previous track" }).click();
    await expectTrack(page, 12, 12);
    await expect(page.getByTestId("track-title")).toHaveText(titles[11] as string);

    // On the last track Next goes nowhere without Loop, and to the first with it.
    await expect(page.getByRole("button", { name: "Next track" })).toBeDisabled();
    await page.getByRole("button", { name: "Loop" }).click();
    await expect(page.getByRole("button", { name: "Loop" })).toHaveAttribute("aria-pressed", "true");
    await page.clock.fastForward(GUARD);
    await page.getByRole("button", { name: "Next track" }).click();
    await expectTrack(page, 1, 12);
  });

  test("the end of a track advances (cued without autoplay, played with it); the end of the list stops or loops", async ({
    page,
  }) => {
    await page.clock.install();
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    const titles = await visibleTitles(page);

    await page.clock.fastForward(GUARD);
    await endTrack(page);
    await expectTrack(page, 2, 12);
    expect((await stubCalls(page)).at(-1)).toEqual(["cueVideoById", await stubVideoId(page)]);

    // YouTube reporting the end twice (or an end right after a move) advances only once.
    await page.clock.fastForward(GUARD);
    await endTrack(page);
    await endTrack(page);
    await expectTrack(page, 3, 12);

    await page.getByRole("button", { name: "Autoplay OFF" }).click();
    await expect(page.getByRole("button", { name: "Autoplay ON" })).toHaveAttribute("aria-pressed", "true");
    await page.clock.fastForward(GUARD);
    await endTrack(page);
    await expectTrack(page, 4, 12);
    expect((await stubCalls(page)).at(-1)?.[0]).toBe("loadVideoById");
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();

    // Jump to the last track with its own play button, let it end: without Loop the list stops there.
    await page.getByTestId("queue-scroller").evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.getByRole("button", { name: `Play ${titles[11]}`, exact: true }).click();
    await expectTrack(page, 12, 12);
    await page.clock.fastForward(GUARD);
    await endTrack(page);
    await expect(page.getByTestId("playlist-finished")).toBeVisible();
    await expectTrack(page, 12, 12);
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();

    // With Loop on, the end of the last track starts the list again.
    await page.getByRole("button", { name: "Loop" }).click();
    await page.clock.fastForward(GUARD);
    await endTrack(page);
    await expectTrack(page, 1, 12);
    await expect(page.getByTestId("track-title")).toHaveText(titles[0] as string);
  });

  test("skips a video YouTube will not play", async ({ page }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    await playerError(page, 150);
    await expectTrack(page, 2, 12);
  });

  test("per-track play, Re-shuffle back to track 0, minimising the list", async ({ page }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    const before = await visibleTitles(page);
    await page.getByRole("button", { name: `Play ${before[4]}`, exact: true }).click();
    await expectTrack(page, 5, 12);
    await expect(page.locator('[data-testid="queue-row"][aria-current="true"]')).toHaveAttribute("data-index", "4");
    const seedBefore = await page.getByTestId("share-url").inputValue();

    await page.getByRole("button", { name: "Re-shuffle" }).click();
    await expectTrack(page, 1, 12);
    const after = await visibleTitles(page);
    expect([...after].sort()).toEqual([...before].sort());
    expect(await page.getByTestId("share-url").inputValue()).not.toBe(seedBefore);
    await expect(page.getByTestId("track-title")).toHaveText(after[0] as string);

    const toggle = page.getByRole("button", { name: "Minimise the list" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await expect(page.getByRole("button", { name: "Show the list" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("queue-scroller")).toBeHidden();
    await page.getByRole("button", { name: "Show the list" }).click();
    await expect(page.getByTestId("queue-scroller")).toBeVisible();
  });

  test("Copy URLs (Copied! for 2 s) and Open on YouTube from the current track", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    await pauseClock(page);
    const copy = page.getByRole("button", { name: "Copy URLs" });
    await copy.click();
    const copied = page.getByRole("button", { name: "Copied!" });
    await expect(copied).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const lines = text.split("\n");
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe(`https://www.youtube.com/watch?v=${await stubVideoId(page)}`);
    // 'Copied!' for 2 s of the page's clock, then the button reads 'Copy URLs' again.
    await expectAfterExactly(
      page,
      2000,
      () => expect(copied).toBeVisible(),
      () => expect(copy).toBeVisible(),
    );
    await page.clock.resume();

    const ids = lines.map((line) => new URL(line).searchParams.get("v"));
    await expect(page.getByTestId("open-on-youtube")).toHaveAttribute(
      "href",
      `https://www.youtube.com/watch_videos?video_ids=${ids.join(",")}`,
    );
    await expect(page.getByTestId("open-on-youtube")).toHaveAttribute("target", "_blank");
  });

  test("keyboard shortcuts: Space, N, P, L and R", async ({ page }) => {
    await page.clock.install();
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    await page.locator("body").click({ position: { x: 5, y: 400 } });

    await page.keyboard.press(" ");
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await page.keyboard.press(" ");
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.clock.fastForward(GUARD);
    await page.keyboard.press("n");
    await expectTrack(page, 2, 12);
    await page.clock.fastForward(GUARD);
    await page.keyboard.press("p");
    await expectTrack(page, 1, 12);
    await page.keyboard.press("l");
    await expect(page.getByRole("button", { name: "Loop" })).toHaveAttribute("aria-pressed", "true");
    await page.clock.fastForward(GUARD);
    await page.keyboard.press("n");
    await expectTrack(page, 2, 12);
    await page.keyboard.press("r");
    await expectTrack(page, 1, 12);

    // Not while typing.
    await page.getByTestId("share-url").focus();
    await page.clock.fastForward(GUARD);
    await page.keyboard.press("n");
    await expectTrack(page, 1, 12);
  });

  test("hardware media keys through the Media Session API", async ({ page }) => {
    await page.addInitScript(() => {
      const handlers: Record<string, (() => void) | null> = {};
      (window as unknown as { __media: typeof handlers }).__media = handlers;
      const original = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler as (() => void) | null;
        original(action, handler);
      };
    });
    await page.clock.install();
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    const title = await page.getByTestId("track-title").textContent();
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(title);
    const press = (action: string) =>
      page.evaluate((a) => (window as unknown as { __media: Record<string, () => void> }).__media[a]?.(), action);

    await press("play");
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("playing");
    await press("pause");
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.clock.fastForward(GUARD);
    await press("nexttrack");
    await expectTrack(page, 2, 12);
    const second = await page.getByTestId("track-title").textContent();
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(second);
    await page.clock.fastForward(GUARD);
    await press("previoustrack");
    await expectTrack(page, 1, 12);
  });
});
