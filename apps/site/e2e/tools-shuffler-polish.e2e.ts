import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { PLAYLIST_STORAGE_KEY } from "../src/tools/shuffler/playlist-storage.ts";
import {
  ADVANCE_GUARD_MESSAGE,
  PLAYER_LOAD_FAILED,
  RESTORED_MESSAGE,
} from "../src/tools/shuffler/shuffler-messages.ts";
import { IFRAME_API_URL } from "../src/tools/shuffler/youtube-iframe-api.ts";
import { PLAYLISTS, playlistUrl } from "./fakes/playlists.ts";
import { expectTrack, openShuffler, queueHeading, shufflePlaylists, visibleTitles } from "./fakes/shuffler-page.ts";
import { expect, pauseClock, test } from "./fixtures.ts";

/** Past the 1 s advance guard. */
const GUARD = 1100;

function useTheme(page: Page, theme: "dark" | "light") {
  return page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
}

/**
 * The contrast ratio (WCAG 2) of a text against what is really painted behind it: the first element under its
 * middle with an opaque background. An iframe, image or video there first means the background is unknown
 * (whatever that content shows), which answers 1.
 */
function contrastBehind(text: Locator): Promise<number> {
  return text.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    // The browser turns any CSS colour (oklch included) into sRGB pixels.
    const rgba = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const c = (v ?? 0) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0);
    };
    const box = element.getBoundingClientRect();
    // The text's own box first, then what lies under it (a pointer-events: none element is not in the stack).
    const stack = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const below = stack.includes(element) ? stack.slice(stack.indexOf(element) + 1) : stack;
    let background: number[] | null = null;
    for (const under of [element, ...below.filter((other) => !element.contains(other))]) {
      if (["IFRAME", "IMG", "VIDEO", "CANVAS"].includes(under.tagName)) break;
      const colour = rgba(getComputedStyle(under).backgroundColor);
      if (colour[3] === 255) {
        background = colour;
        break;
      }
    }
    if (!background) return 1;
    const [a, b] = [luminance(rgba(getComputedStyle(element).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

for (const theme of ["dark", "light"] as const) {
  test(`the player-load failure reads as an error (AA contrast, ${theme} mode) and 'Try again' loads the player`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await openShuffler(page);
    // The first load of the player script fails (offline, or a content blocker); the next one works.
    let blocked = true;
    await page.route(IFRAME_API_URL, (route) => (blocked ? route.abort("blockedbyclient") : route.fallback()));
    await page.getByTestId("playlist-url-0").fill(playlistUrl(PLAYLISTS.small));
    await page.getByRole("button", { name: "Shuffle", exact: true }).click();
    await expect(queueHeading(page)).toBeVisible();

    const message = page.getByRole("alert").filter({ hasText: PLAYER_LOAD_FAILED });
    await expect(message).toBeVisible();
    expect(await contrastBehind(message)).toBeGreaterThanOrEqual(4.5);
    expect(await seriousViolations(page)).toEqual([]);

    blocked = false;
    await page.getByTestId("player-load-failed").getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("yt-stub")).toBeVisible();
    await expect(message).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Current track" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeEnabled();
  });
}

test("a thumbnail that does not load shows a neutral placeholder, never a broken image", async ({ page }) => {
  await openShuffler(page);
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 404, body: "" }));
  await shufflePlaylists(page, PLAYLISTS.small);

  await expect(page.getByTestId("now-playing").getByTestId("thumbnail-placeholder")).toBeVisible();
  await expect(page.getByTestId("now-playing").locator("img")).toHaveCount(0);
  const rows = page.getByTestId("queue-row");
  await expect(rows.first().getByTestId("thumbnail-placeholder")).toBeVisible();
  await expect(page.getByTestId("queue").locator("img")).toHaveCount(0);
});

test("a video with no thumbnail at all shows the same placeholder", async ({ page }) => {
  const video = (n: number) => ({
    id: `noThumb000${n}`,
    title: `Untitled ${n}`,
    thumbnail: "",
    channel: "Channel",
    duration: "3:00",
  });
  const videos = [video(1), video(2)];
  await page.addInitScript(([key, record]) => localStorage.setItem(key, record), [
    PLAYLIST_STORAGE_KEY,
    JSON.stringify({
      videos,
      shuffledVideos: videos,
      currentIndex: 0,
      playlistUrl: playlistUrl(PLAYLISTS.small),
      timestamp: Date.now(),
    }),
  ] as const);
  await openShuffler(page);
  await expect(page.getByTestId("restored-banner")).toHaveText(RESTORED_MESSAGE);
  await expect(page.getByTestId("now-playing").getByTestId("thumbnail-placeholder")).toBeVisible();
  await expect(page.getByTestId("queue-row").getByTestId("thumbnail-placeholder")).toHaveCount(2);
  await expect(page.locator("main img")).toHaveCount(0);
});

test("a restored session keeps its queue and position but starts with Autoplay OFF", async ({ page }) => {
  await openShuffler(page);
  await shufflePlaylists(page, PLAYLISTS.small);
  const titles = await visibleTitles(page);
  await page.getByRole("button", { name: `Play ${titles[2]}`, exact: true }).click();
  await expectTrack(page, 3, 12);
  await page.getByRole("button", { name: "Autoplay OFF" }).click();
  await expect(page.getByRole("button", { name: "Autoplay ON" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(() =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}").currentIndex, PLAYLIST_STORAGE_KEY),
    )
    .toBe(2);

  await page.reload();
  await expect(page.getByTestId("restored-banner")).toHaveText(RESTORED_MESSAGE);
  await expectTrack(page, 3, 12);
  expect(await visibleTitles(page)).toEqual(titles);
  await expect(page.getByRole("button", { name: "Autoplay OFF" })).toHaveAttribute("aria-pressed", "false");
});

test("a Next pressed inside the 1 s advance guard says why nothing happened, politely", async ({ page }) => {
  await page.clock.install();
  await openShuffler(page);
  await shufflePlaylists(page, PLAYLISTS.small);
  const notice = page.getByRole("status").filter({ hasText: ADVANCE_GUARD_MESSAGE });
  await expect(notice).toHaveCount(0);

  // Past the guard of the load, then time stands still: the second press is surely inside the guard.
  await pauseClock(page);
  await page.clock.runFor(GUARD);
  await page.getByRole("button", { name: "Next track" }).click();
  await expectTrack(page, 2, 12);
  await expect(notice).toHaveCount(0);

  await page.getByRole("button", { name: "Next track" }).click();
  await expectTrack(page, 2, 12);
  await expect(notice).toBeVisible();
  // (axe needs running timers; the clock stands still, so the contrast is measured directly.)
  expect(await contrastBehind(notice)).toBeGreaterThanOrEqual(4.5);

  // It goes away by itself, and Next works again once the guard is over.
  await page.clock.fastForward(2000);
  await expect(notice).toHaveCount(0);
  await page.getByRole("button", { name: "Next track" }).click();
  await expectTrack(page, 3, 12);
});
