import { seriousViolations } from "./axe.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

const SCREENS = [
  "/",
  "/login",
  "/reset-password",
  "/reset-password?token=abc",
  "/activate-account",
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
