import { seriousViolations, seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import { PLAYLISTS } from "./fakes/playlists.ts";
import { openShuffler, shufflePlaylists } from "./fakes/shuffler-page.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

const BUILDERS = ["/twitchchatwidget", "/twitchcountdownwidget", "/twitchcotdwidget?setup=1", "/twitchheartwidget"];
/**
 * The overlays themselves: drawn over a video in OBS, white text with an outline and a dark backing. On a
 * plain page their contrast cannot be judged (the background is whatever the stream shows), so that one
 * rule is left out for them; every other rule applies.
 */
const OVERLAYS = [
  "/twitchchatwidget?demo=1",
  "/twitchcountdownwidget?demo=1",
  "/twitchcotdwidget?demo=1",
  "/twitchheartwidget?demo=1",
];

// Each screen is checked in both themes in one visit (seriousViolationsInBothThemes).
test.describe("visitor tools accessibility", () => {
  test("the shuffler with a playlist loaded", async ({ page }) => {
    await openShuffler(page);
    await shufflePlaylists(page, PLAYLISTS.small);
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  });

  for (const path of BUILDERS) {
    test(`the URL builder at ${path}`, async ({ page }) => {
      await gotoReady(page, path);
      await expect(page.getByTestId("widget-builder")).toBeVisible();
      await page.waitForLoadState("networkidle");
      // The cat's caption has its date once the picture is in: judged with it.
      if (path.startsWith("/twitchcotdwidget")) {
        await expect(page.getByTestId("cat-caption")).toContainText(/\d{4}$/);
      }
      expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    });
  }

  test("the Twitch callback's error state", async ({ page }) => {
    await gotoReady(page, "/twitch/callback?error=access_denied&error_description=The+user+denied+you+access");
    await expect(page.getByTestId("twitch-callback-error")).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  });
});

for (const path of OVERLAYS) {
  test(`the overlay at ${path}`, async ({ page }) => {
    await gotoReady(page, path);
    expect(await seriousViolations(page, { disable: ["color-contrast"] })).toEqual([]);
  });
}
