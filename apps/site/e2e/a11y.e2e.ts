import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import { expect, gotoReady, PROJECTS_LIST, test } from "./fixtures.ts";

const SCREENS = [
  "/",
  "/login",
  "/reset-password",
  "/reset-password?token=abc",
  "/activate-account",
  "/accept-invitation",
  "/accept-invitation?token=abc",
  "/confirm-email?token=abc",
  "/calendar",
  "/privacy",
  "/playlist-shuffler",
  "/twitchchatwidget",
  "/twitch/callback",
  "/404",
];

// Each screen is checked in both themes in one visit (seriousViolationsInBothThemes).
test.describe("accessibility", () => {
  for (const path of SCREENS) {
    test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
      await gotoReady(page, path);
      await page.waitForLoadState("networkidle");
      expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    });
  }

  test("the calendar's empty month and a day outside the month with activity", async ({ page }) => {
    // Four scans (two themes, two months): the slow-test budget (3x) on a busy machine.
    test.slow();
    await page.clock.setFixedTime(new Date(2026, 10, 20, 12, 0, 0));
    const base = { description: "d", isArchived: false, isLatest: false, tags: [], version: 1 };
    await page.route(PROJECTS_LIST, (route) =>
      route.fulfill({
        json: {
          projects: [
            // 29 Oct shows in November's first week: a dimmed day on an activity tint.
            { ...base, _id: "a", title: "A", createdAt: "2026-10-29T10:00:00", updatedAt: "2026-10-29T10:00:00" },
          ],
        },
      }),
    );
    await gotoReady(page, "/calendar");
    await expect(page.locator('[data-day="2026-10-29"]')).toHaveAccessibleName(/1 event$/);
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByRole("button", { name: "Previous month" }).click();
    await expect(page.getByTestId("calendar-empty")).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  });

  test("login screen modes and the widget chooser modal", async ({ page }) => {
    // Five full axe scans in one test: give it the slow-test budget (3x) so a busy machine does not time out.
    test.slow();
    await gotoReady(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    await page.getByRole("button", { name: "Back to login" }).click();
    await page.getByRole("button", { name: "Sign up" }).click();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    await gotoReady(page, "/");
    await page.getByTestId("hidden-i-dot").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  });
});

test("a contrast fault only one theme has is found from the other theme too", async ({ page }) => {
  await gotoReady(page, "/404");
  // Pale grey on the light theme's white: readable in dark mode only.
  await page.addStyleTag({ content: "html:not(.dark) main p { color: #eeeeee !important; }" });
  const found = await seriousViolationsInBothThemes(page);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((line) => line.startsWith("light mode: color-contrast (serious)"))).toBe(true);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});
