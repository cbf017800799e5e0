import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
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
  "/playlist-shuffler",
  "/twitchchatwidget",
  "/twitch/callback",
  "/404",
];

for (const theme of ["dark", "light"] as const) {
  test.describe(`accessibility (${theme} mode)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    });

    for (const path of SCREENS) {
      test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
        await gotoReady(page, path);
        await page.waitForLoadState("networkidle");
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test("the calendar's empty month and a day outside the month with activity", async ({ page }) => {
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
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Previous month" }).click();
      await page.getByRole("button", { name: "Previous month" }).click();
      await expect(page.getByTestId("calendar-empty")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("login screen modes and the widget chooser modal", async ({ page }) => {
      // Five full axe scans in one test: give it the slow-test budget (3x) so a busy machine does not time out.
      test.slow();
      await gotoReady(page, "/login");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Forgot your password?" }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Back to login" }).click();
      await page.getByRole("button", { name: "Sign up" }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await gotoReady(page, "/");
      await page.getByTestId("hidden-i-dot").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
