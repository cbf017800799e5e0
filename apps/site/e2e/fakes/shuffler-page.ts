/** Helpers for the shuffler's browser tests: open the page with YouTube stubbed, load playlists, read state. */
import { expect, type Locator, type Page } from "@playwright/test";
import { gotoReady } from "../fixtures.ts";
import { playlistUrl } from "./playlists.ts";
import { routeYouTube } from "./youtube-player-stub.ts";

export type StubCall = [string, ...unknown[]];

export async function openShuffler(page: Page, path = "/playlist-shuffler") {
  const youtube = await routeYouTube(page);
  await gotoReady(page, path);
  return youtube;
}

export function queueHeading(page: Page): Locator {
  return page.getByRole("heading", { name: /^Shuffled Playlist \(\d+ songs?\)$/ });
}

/** Fills one input per playlist and presses Shuffle; waits for the list. */
export async function shufflePlaylists(page: Page, ...ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i++) {
    if (i > 0) await page.getByRole("button", { name: "Add another playlist to shuffle together" }).click();
    await page.getByTestId(`playlist-url-${i}`).fill(playlistUrl(ids[i] as string));
  }
  await page.getByRole("button", { name: "Shuffle", exact: true }).click();
  await expect(queueHeading(page)).toBeVisible();
  await expect(page.getByTestId("yt-stub")).toBeVisible();
}

export function stubCalls(page: Page): Promise<StubCall[]> {
  return page.evaluate(() => (window as unknown as { __ytStub: { calls: StubCall[] } }).__ytStub.calls);
}

/** Fires the player's ENDED event (YT.PlayerState.ENDED = 0), as YouTube does when a video finishes. */
export function endTrack(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { __ytStub: { end(): void } }).__ytStub.end());
}

export function playerError(page: Page, code: number): Promise<void> {
  return page.evaluate(
    (c) => (window as unknown as { __ytStub: { error(code: number): void } }).__ytStub.error(c),
    code,
  );
}

/** The titles of the rows in the DOM (the list is virtualised: only rows near the view). */
export async function visibleTitles(page: Page): Promise<string[]> {
  return page.getByTestId("queue-row").evaluateAll((rows) =>
    rows
      .sort((a, b) => Number(a.getAttribute("data-index")) - Number(b.getAttribute("data-index")))
      .map(
        (row) =>
          row
            .querySelector("button")
            ?.getAttribute("aria-label")
            ?.replace(/^Play /, "") ?? "",
      ),
  );
}

export async function expectTrack(page: Page, position: number, total: number): Promise<void> {
  await expect(page.getByTestId("track-position")).toHaveText(`Track ${position} of ${total}`);
}

/** The current player video id (what the stub was last told to show). */
export function stubVideoId(page: Page): Promise<string | null> {
  return page.getByTestId("yt-stub").getAttribute("data-video-id");
}
