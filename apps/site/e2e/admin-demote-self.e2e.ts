/**
 * Demoting yourself: a role editor who removes website:admin:view from their own role goes home
 * without the panel asking the server for anything it would now refuse (no 403 in the console first).
 */
import { expect, openPanel, ROLE_PERMISSIONS, test } from "./admin-support.ts";

// A fresh database for each test: this file removes website:admin:view from the moderator role, which other tests' moderators use.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

test("removing website:admin:view from your own role goes home with no refused call on the way", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  const moderator = await createAccount({ prefix: "demote", permissions: ROLE_PERMISSIONS.moderator });
  const withEdit = [...ROLE_PERMISSIONS.moderator, "users:edit", "users:permissions"];
  expect((await ownerApi.patch("/api/admin/roles/moderator", { data: { permissions: withEdit } })).status()).toBe(200);

  await login(moderator);
  await openPanel(page, "Settings");
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/") && response.status() >= 400) {
      refused.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  const consoleErrors: string[] = [];
  page.on("console", (entry) => {
    if (entry.type() === "error") consoleErrors.push(entry.text());
  });

  const card = page.locator('[data-testid="role-card"][data-role="moderator"]');
  await card.getByRole("checkbox", { name: /^website:admin:view/ }).uncheck();
  await card.getByRole("button", { name: "Save Moderator" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("last-seen-badge")).toBeVisible();
  await expect(page.getByTestId("admin-button")).toHaveCount(0);
  // Let any late call land before judging.
  await page.waitForLoadState("networkidle");
  expect(refused).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
