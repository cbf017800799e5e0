import type { Page } from "@playwright/test";
import { YOUTUBE_MESSAGES } from "@portfolio/core/domain";
import { type FakeYouTube, startFakeYouTube } from "@portfolio/testing/fakes/fake-youtube.ts";
import { type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";
import { PLAYLIST_STORAGE_KEY } from "../src/tools/shuffler/playlist-storage.ts";
import { RESTORED_MESSAGE } from "../src/tools/shuffler/shuffler-messages.ts";
import { PLAYLIST_CONTENTS, PLAYLISTS, playableTitles, playlistUrl } from "./fakes/playlists.ts";
import { expectTrack, openShuffler, queueHeading, shufflePlaylists, visibleTitles } from "./fakes/shuffler-page.ts";
import { expect, gate, test } from "./fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;

async function savedRecord(page: Page): Promise<Saved | null> {
  const text = await page.evaluate((key) => localStorage.getItem(key), PLAYLIST_STORAGE_KEY);
  return text ? (JSON.parse(text) as Saved) : null;
}

interface Saved {
  videos: unknown[];
  shuffledVideos: { title: string }[];
  currentIndex: number;
  playlistUrl: string;
  timestamp: number;
}

test.describe("playlist shuffler: saved session", () => {
  test("saves the session, restores it with the banner, and Load Different Playlist clears it", async ({ page }) => {
    await page.clock.install();
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    const titles = await visibleTitles(page);
    await page.clock.fastForward(1100);
    await page.getByRole("button", { name: "Next track" }).click();
    await page.clock.fastForward(1100);
    await page.getByRole("button", { name: "Next track" }).click();
    await expectTrack(page, 3, 12);

    await expect.poll(async () => (await savedRecord(page))?.currentIndex).toBe(2);
    const saved = (await savedRecord(page)) as Saved;
    expect(saved.videos).toHaveLength(12);
    expect(saved.shuffledVideos.map((v) => v.title)).toEqual(titles);
    expect(saved.playlistUrl).toBe(playlistUrl(PLAYLISTS.small));
    expect(Math.abs(saved.timestamp - (await page.evaluate(() => Date.now())))).toBeLessThan(60_000);

    await page.reload();
    await expect(page.getByTestId("restored-banner")).toHaveText(RESTORED_MESSAGE);
    await expectTrack(page, 3, 12);
    expect(await visibleTitles(page)).toEqual(titles);
    // Restored, the player cues the track it stopped at (no autoplay).
    await expect(page.getByTestId("yt-stub")).toHaveAttribute("data-video-id", /.+/);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByTestId("restored-banner")).toBeHidden();

    await page.getByRole("button", { name: "Load Different Playlist" }).click();
    await expect(page.getByTestId("playlist-url-0")).toHaveValue("");
    await expect(queueHeading(page)).toHaveCount(0);
    expect(await savedRecord(page)).toBeNull();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("playlist-url-0")).toBeVisible();
    await expect(page.getByTestId("restored-banner")).toHaveCount(0);
  });

  test("a saved playlist expires after 3 days (fixed clock)", async ({ page }) => {
    const start = Date.UTC(2026, 2, 1, 10, 0, 0);
    await page.clock.install({ time: start });
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    await expect.poll(() => savedRecord(page)).not.toBeNull();
    const savedAt = (await savedRecord(page))?.timestamp ?? 0;

    // A minute short of 3 days: still there.
    await page.clock.setSystemTime(savedAt + 3 * DAY - 60_000);
    await page.reload();
    await expect(page.getByTestId("restored-banner")).toBeVisible();
    // Restoring saves it again: the 3 days count from this visit now.
    await expect.poll(async () => (await savedRecord(page))?.timestamp ?? 0).toBeGreaterThan(savedAt);
    const resavedAt = (await savedRecord(page))?.timestamp ?? 0;

    // 3 days after it was last saved: gone, and removed from storage.
    await page.clock.setSystemTime(resavedAt + 3 * DAY);
    await page.reload();
    // The form is in the prerendered HTML: wait for the page to run before judging what it restored.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("playlist-url-0")).toBeVisible();
    await expect(page.getByTestId("restored-banner")).toHaveCount(0);
    await expect.poll(() => savedRecord(page)).toBeNull();
  });
});

test.describe("playlist shuffler: beyond a plain shuffle", () => {
  test("a shared link reproduces the same order for someone else", async ({ page, browser, baseURL }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    const titles = await visibleTitles(page);
    const shareUrl = await page.getByTestId("share-url").inputValue();
    expect(shareUrl).toMatch(new RegExp(`/playlist-shuffler\\?list=${PLAYLISTS.small}&seed=[0-9a-z]+$`));

    const other = await browser.newContext({ baseURL });
    try {
      const friend = await other.newPage();
      await openShuffler(friend, new URL(shareUrl).pathname + new URL(shareUrl).search);
      await expect(queueHeading(friend)).toHaveText("Shuffled Playlist (12 songs)");
      expect(await visibleTitles(friend)).toEqual(titles);
      await expectTrack(friend, 1, 12);
      // The address is tidied up; the friend's own session takes over from here.
      await expect(friend).toHaveURL(/\/playlist-shuffler$/);
      await expect(friend.getByTestId("share-url")).toHaveValue(shareUrl);
    } finally {
      await other.close();
    }
  });

  test("shuffles several playlists together into one queue, each video once", async ({ page }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small, PLAYLISTS.second);
    await expect(queueHeading(page)).toHaveText("Shuffled Playlist (16 songs)");
    // The list draws the rows in view once it has seen the scroll: read after each move until every row has been
    // in view (a read right after a move may still find the rows drawn for the place before it).
    const all = new Set<string>();
    await expect
      .poll(async () => {
        for (const top of [0, 400, 800, 100_000]) {
          await page.getByTestId("queue-scroller").evaluate((el, y) => {
            el.scrollTop = y;
          }, top);
          for (const title of await visibleTitles(page)) all.add(title);
        }
        return all.size;
      })
      .toBeGreaterThanOrEqual(16);
    const expected = new Set([...playableTitles(PLAYLISTS.small), ...playableTitles(PLAYLISTS.second)]);
    expect(all).toEqual(expected);
    expect(expected.size).toBe(16);
  });

  test("5,000 videos: all of them, virtualised, scrollable to the very last", async ({ page }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.big);
    await expect(queueHeading(page)).toHaveText("Shuffled Playlist (5000 songs)");
    expect(await page.getByTestId("queue-row").count()).toBeLessThan(30);
    const scroller = page.getByTestId("queue-scroller");
    await scroller.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const last = page.locator('[data-testid="queue-row"][data-index="4999"]');
    await expect(last).toBeVisible();
    expect(await page.getByTestId("queue-row").count()).toBeLessThan(30);
    await last.getByRole("button").click();
    await expectTrack(page, 5000, 5000);
    expect(PLAYLIST_CONTENTS[PLAYLISTS.big]).toHaveLength(5000);
  });

  test("the loading screen covers a load that takes a while", async ({ page }) => {
    await page.clock.install();
    await openShuffler(page);
    // The answer comes only once the loading screen is up, however fast or slow the machine.
    const held = gate();
    await page.route("**/api/youtube-playlist?playlistId=*", async (route) => {
      await held.passed;
      await route.continue();
    });
    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.small));
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(page.getByTestId("loading-screen")).toBeVisible();
    await expect(page.getByRole("progressbar")).toBeVisible();
    // Once the answer is in, the screen's 2-second minimum runs out on the page's clock, not the machine's.
    const answered = page.waitForResponse("**/api/youtube-playlist?playlistId=*");
    held.open();
    await answered;
    await page.clock.runFor(2000);
    await expect(page.getByTestId("loading-screen")).toBeHidden();
    await expect(queueHeading(page)).toHaveText("Shuffled Playlist (12 songs)");
  });
});

test.describe("playlist shuffler: upstream trouble (own servers)", () => {
  test.describe.configure({ mode: "serial" });
  let noKey: RealServer;
  let broken: RealServer;
  let fake: FakeYouTube;

  test.beforeAll(async () => {
    fake = await startFakeYouTube();
    fake.playlists.set(PLAYLISTS.small, PLAYLIST_CONTENTS[PLAYLISTS.small] ?? []);
    [noKey, broken] = await Promise.all([
      startRealServer(),
      startRealServer({
        env: { YOUTUBE_API_KEY: fake.apiKey, YOUTUBE_API_BASE_URL: fake.baseUrl, YOUTUBE_CACHE_SECONDS: "0" },
      }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([noKey?.stop(), broken?.stop(), fake?.close()]);
  });

  test("no YouTube key: says the shuffler is not set up on this site, every control off, with a way on", async ({
    page,
  }) => {
    await openShuffler(page, `${noKey.baseUrl}/playlist-shuffler`);
    const notice = page.getByTestId("shuffler-not-set-up");
    await expect(notice).toContainText(YOUTUBE_MESSAGES.notSetUp);
    await expect(page.getByTestId("api-unavailable")).toHaveCount(0);
    const button = page.getByRole("button", { name: "Not Set Up" });
    await expect(button).toBeDisabled();
    await expect(page.getByTestId("playlist-url-0")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add another playlist to shuffle together" })).toBeDisabled();
    // The form looks off, not only is.
    const opacity = await page.locator("form fieldset").evaluate((el) => getComputedStyle(el).opacity);
    expect(Number(opacity)).toBeLessThan(1);
    // Under the button it explains: the probe's late answer pushes nothing above it down.
    const [box, disabled] = await Promise.all([notice.boundingBox(), button.boundingBox()]);
    expect(box?.y ?? 0).toBeGreaterThan((disabled?.y ?? Number.POSITIVE_INFINITY) + (disabled?.height ?? 0) - 1);
    await notice.getByRole("link", { name: "browse the projects" }).click();
    await expect(page).toHaveURL(`${noKey.baseUrl}/`);
  });

  test("no YouTube API: the availability probe is an answer (200), not an error in the console", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    const probe = page.waitForResponse((response) => response.url().endsWith("/api/youtube-playlist?test=true"));
    await openShuffler(page, `${noKey.baseUrl}/playlist-shuffler`);
    const answer = await probe;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ available: false, setUp: false });
    await expect(page.getByTestId("shuffler-not-set-up")).toContainText(YOUTUBE_MESSAGES.notSetUp);
    expect(consoleErrors).toEqual([]);
  });

  test("YouTube failing: quota and private playlists show the server's message; an outage disables the tool", async ({
    page,
  }) => {
    fake.fail("playlistItems", "quota");
    await openShuffler(page, `${broken.baseUrl}/playlist-shuffler`);
    await expect(page.getByRole("button", { name: "Shuffle", exact: true })).toBeEnabled();
    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.small));
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(YOUTUBE_MESSAGES.quotaExceeded);

    fake.fail("playlistItems", "private");
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(page.getByTestId("shuffler-error")).toHaveText(YOUTUBE_MESSAGES.privatePlaylist);

    fake.fail("all", "server");
    await page.reload();
    await expect(page.getByTestId("api-unavailable")).toHaveText(YOUTUBE_MESSAGES.unavailable);
    await expect(page.getByRole("button", { name: "API Unavailable" })).toBeDisabled();
    await expect(page.getByTestId("playlist-url-0")).toBeDisabled();
    await expect(page.getByTestId("shuffler-not-set-up")).toHaveCount(0);
    fake.fail("all", null);
  });
});
