/** The Settings tab's 'Connect Twitch' (docs/security.md, promise 22): the owner's alone, and it says when Twitch is not set up. */
import { expect, openPanel, openSettings, ownerAccount, ROLE_PERMISSIONS, test } from "./admin-support.ts";

// The tests' server is started without TWITCH_CLIENT_ID (fixtures.ts); each test logs in.
test.describe.configure({ timeout: 90_000 });

test("without TWITCH_CLIENT_ID, Connect Twitch says so and the browser stays", async ({ page, login }) => {
  await login(ownerAccount);
  await openSettings(page, "Twitch");
  const card = page.getByTestId("twitch-connect");
  await expect(card.getByTestId("twitch-status")).toContainText("Twitch not connected");
  // Beside the button, it points at the button, not at the tab the owner is already in.
  await expect(card.getByTestId("twitch-status")).toContainText("Connect it with the button below.");
  await expect(card.getByTestId("twitch-status")).not.toContainText("Settings tab");
  await card.getByRole("button", { name: "Connect Twitch" }).click();
  await expect(card.getByTestId("save-error")).toContainText("Could not start the Twitch connection.");
  await expect(card.getByTestId("save-error")).toContainText("Twitch is not configured: set TWITCH_CLIENT_ID.");
  await expect(page).toHaveURL(/\/admin\/settings#settings\/twitch$/);
});

test("an administrator sees no Connect Twitch: only the owner connects it", async ({ page, login, createAccount }) => {
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  await login(admin);
  await openPanel(page, "Settings");
  const sections = page.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("link")).toHaveText(["Roles", "Site", "Account", "Sessions and devices"]);
  await page.goto("/admin/settings#settings/twitch");
  await page.reload();
  await expect(sections.getByRole("link", { name: "Roles" })).toHaveAttribute("aria-current", "page", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("twitch-connect")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Connect Twitch" })).toHaveCount(0);
});
