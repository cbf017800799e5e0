/** Helpers for the widget browser tests. */
import { expect, type Page } from "@playwright/test";

/** Twitch's emote CDN (no internet here): a small square per emote id. */
export async function routeEmotes(page: Page): Promise<void> {
  await page.route("https://static-cdn.jtvnw.net/**", (route) =>
    route.fulfill({
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28"><rect width="28" height="28" rx="6" fill="#9146FF"/></svg>',
    }),
  );
}

/** The page is see-through for OBS: no background on <html> or <body>, no dark canvas. */
export async function expectTransparentPage(page: Page): Promise<void> {
  const styles = await page.evaluate(() => ({
    html: getComputedStyle(document.documentElement).backgroundColor,
    body: getComputedStyle(document.body).backgroundColor,
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));
  expect(styles.html).toBe("rgba(0, 0, 0, 0)");
  expect(styles.body).toBe("rgba(0, 0, 0, 0)");
  expect(styles.scheme).toBe("normal");
  await expect(page.getByTestId("floating-buttons")).toHaveCount(0);
}

export function uniqueChannel(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * BetterTTV, FrankerFaceZ and 7TV's real APIs (no internet here), answered with empty sets in their shapes:
 * for tests of pages whose chat (the builder's preview) asks them but that are not about emotes.
 */
export async function routeEmoteProviders(page: Page): Promise<void> {
  const json = (body: unknown) => ({ contentType: "application/json", body: JSON.stringify(body) });
  await page.route("https://api.betterttv.net/**", (route) => route.fulfill(json([])));
  await page.route("https://api.frankerfacez.com/**", (route) => route.fulfill(json({ default_sets: [], sets: {} })));
  await page.route("https://7tv.io/**", (route) => route.fulfill(json({ id: "global", emotes: [] })));
}

/**
 * Hides or shows the page as OBS does with a browser source off the current scene: `document.visibilityState`
 * and its `visibilitychange` event (headless Chromium keeps every page visible).
 */
export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { value: value ? "hidden" : "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}
