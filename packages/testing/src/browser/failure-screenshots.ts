/**
 * Playwright's `test` with a screenshot of every open page when a test fails, taken in place of Playwright's
 * own `screenshot: "only-on-failure"`: that one screenshots every page of every context as the context closes,
 * passed or failed (it cannot know yet), which made each context's close cost most of a second on two busy
 * cores. Here the pages are photographed only when the test has failed, before its context closes.
 * The configs set `screenshot: "off"`.
 */
import { test as base } from "@playwright/test";

export const test = base.extend({
  context: async ({ context, browser }, use, testInfo) => {
    await use(context);
    if (testInfo.status === testInfo.expectedStatus) return;
    // The test's own page and any other context it opened and left open.
    const pages = browser.contexts().flatMap((open) => open.pages());
    for (const [index, page] of pages.entries()) {
      const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
      try {
        await page.screenshot({ path, timeout: 5_000, caret: "initial" });
        testInfo.attachments.push({ name: "screenshot", path, contentType: "image/png" });
      } catch {
        // A page that closed or hung meanwhile: the failure itself is reported without its picture.
      }
    }
  },
});
