/**
 * The site profile's and each role's History panel: the owner edits the profile twice, opens its
 * history, restores the first version after a confirmation of what will change, and the form shows it
 * back; a profile changed elsewhere meanwhile restores nothing and says so; a role edit is restored after a
 * confirmation that also names who the restore will update. Axe-clean, 390 px wide, and by keyboard.
 */
import type { Page } from "@playwright/test";
import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import {
  expect,
  feedback,
  openPanel,
  openSettings,
  ownerAccount,
  ROLE_PERMISSIONS,
  settingsSection,
  test,
} from "./admin-support.ts";

// A fresh database for each test: this file saves and restores the site profile and the roles, and counts their versions.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

const roleCard = (page: Page, key: string) => page.locator(`[data-testid="role-card"][data-role="${key}"]`);

async function saveProfile(page: Page, fields: Record<string, string>) {
  const profile = page.getByTestId("site-profile");
  for (const [label, value] of Object.entries(fields)) await profile.getByLabel(label, { exact: true }).fill(value);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(feedback(page)).toHaveText("Site profile saved. The public site now shows these details.");
  await expect(profile.getByRole("button", { name: "Save profile" })).toBeDisabled();
}

async function openProfileHistory(page: Page) {
  const profile = page.getByTestId("site-profile");
  await profile.getByRole("button", { name: "Show history of the site profile" }).click();
  const history = profile.getByTestId("history-panel");
  await expect(history).toHaveAttribute("data-state", "loaded");
  return history;
}

test("the owner restores the site profile's first version after seeing what will change, and the form shows it", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openSettings(page, "Site");
  const profile = page.getByTestId("site-profile");
  await expect(profile.getByLabel("Display name")).toHaveValue("Alex Morgan");
  await saveProfile(page, { Tagline: "Building small tools." });
  await saveProfile(page, { "Display name": "Sam Rivera", Tagline: "Shipping every week." });

  const history = await openProfileHistory(page);
  const versions = history.getByTestId("history-version");
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("Version 2");
  await expect(versions.first()).toContainText("Edited by owner, just now");
  await expect(versions.first()).toContainText("Same as now");
  await expect(versions.first().getByTestId("history-changed-field")).toHaveText([
    "Display nameSam Rivera",
    "TaglineShipping every week.",
  ]);
  await expect(versions.nth(1).getByTestId("history-changed-field")).toHaveText(["TaglineBuilding small tools."]);
  await expect(versions.nth(2)).toContainText("As it stood when history began");

  await versions.nth(1).getByRole("button", { name: "Restore this version" }).click();
  const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(confirm.getByRole("caption")).toHaveText("These 2 fields will change:");
  await expect(confirm.locator('tr[data-field="ownerName"]')).toContainText("Sam Rivera");
  await expect(confirm.locator('tr[data-field="ownerName"] mark')).toHaveText("Alex Morgan");
  await expect(confirm.locator('tr[data-field="tagline"] mark')).toHaveText("Building small tools.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();

  const restore = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/settings/profile/restore"));
  await confirm.getByRole("button", { name: "Restore version 1" }).click();
  // Based on the newest version the owner was shown.
  expect((await restore).postDataJSON()).toEqual({ version: 1, baseVersion: 2 });
  await expect(confirm).toBeHidden();
  await expect(feedback(page)).toHaveText("Site profile restored to version 1. The public site now shows it.");
  await expect(profile.getByLabel("Display name")).toHaveValue("Alex Morgan");
  await expect(profile.getByLabel("Tagline")).toHaveValue("Building small tools.");
  await expect(versions.first()).toContainText("Version 3");
  await expect(versions.first()).toContainText("Restored an earlier version by owner");
});

test("a profile changed elsewhere since its history was loaded restores nothing, and the form shows the latest", async ({
  page,
  login,
  ownerApi,
}) => {
  await login(ownerAccount);
  await openSettings(page, "Site");
  await saveProfile(page, { Tagline: "Building small tools." });
  const history = await openProfileHistory(page);
  const current = await (await ownerApi.get("/api/settings/profile")).json();
  const elsewhere = await ownerApi.patch("/api/admin/settings/profile", {
    data: { ...current, ownerName: "Changed Elsewhere" },
  });
  expect(elsewhere.status()).toBe(200);

  await history.getByTestId("history-version").last().getByRole("button", { name: "Restore this version" }).click();
  await page
    .getByRole("dialog", { name: "Restore version 0?" })
    .getByRole("button", { name: "Restore version 0" })
    .click();
  await expect(history.getByTestId("history-restore-error")).toHaveText(
    "The site profile was changed elsewhere since its history was loaded, so nothing was restored. The form and the history now show the latest version: check them and restore again if you still want to.",
  );
  const profile = page.getByTestId("site-profile");
  await expect(profile.getByLabel("Display name")).toHaveValue("Changed Elsewhere");
  await expect(history.getByTestId("history-version").first()).toContainText("Version 2");
  expect((await (await ownerApi.get("/api/settings/profile")).json()).ownerName).toBe("Changed Elsewhere");
});

test("an administrator reads the profile's history, and Restore says only the owner can", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  const current = await (await ownerApi.get("/api/settings/profile")).json();
  expect(
    (await ownerApi.patch("/api/admin/settings/profile", { data: { ...current, tagline: "New." } })).status(),
  ).toBe(200);
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  await login(admin);
  await openSettings(page, "Site");
  const history = await openProfileHistory(page);
  const restore = history.getByRole("button", { name: "Restore this version" });
  await expect(restore).toHaveAttribute("aria-disabled", "true");
  await expect(restore).toHaveAccessibleDescription("Only the owner can restore the site profile.");
  // Focusable and pressable, as every unavailable control (Playwright's click refuses aria-disabled).
  await restore.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("site-profile").getByTestId("permission-alert")).toHaveText(
    "Only the owner can restore the site profile.",
  );
  await expect(page.getByTestId("restore-version-dialog")).toHaveCount(0);
});

test("a role edit is restored after a confirmation naming who the restore will update", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  const members = [
    await createAccount({ prefix: "moda", permissions: ROLE_PERMISSIONS.moderator }),
    await createAccount({ prefix: "modb", permissions: ROLE_PERMISSIONS.moderator }),
  ]
    .map((m) => m.username)
    .sort((a, b) => a.localeCompare(b));
  await login(ownerAccount);
  await openPanel(page, "Settings");
  const card = roleCard(page, "moderator");
  await card.getByRole("checkbox", { name: /^projects:create/ }).check();
  await card.getByRole("button", { name: "Save Moderator" }).click();
  await expect(feedback(page)).toHaveText("Role permissions updated successfully. 2 users updated.");

  await card.getByRole("button", { name: "Show history of the Moderator role" }).click();
  const history = card.getByTestId("history-panel");
  await expect(history).toHaveAttribute("data-state", "loaded");
  const versions = history.getByTestId("history-version");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Version 2");
  await expect(versions.first()).toContainText("Edited by owner");
  await expect(versions.first().getByTestId("history-changed-field")).toContainText("Permissions");

  const dryRuns: unknown[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/roles/moderator/restore")) dryRuns.push(r.postDataJSON());
  });
  await versions.nth(1).getByRole("button", { name: "Restore this version" }).click();
  const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(confirm.locator('tr[data-field="permissions"]')).toContainText("projects:create");
  await expect(confirm.getByTestId("restore-preview")).toHaveText(`This will update 2 users: ${members.join(", ")}`);
  expect(dryRuns).toEqual([{ version: 1, dryRun: true }]);
  await confirm.getByRole("button", { name: "Restore version 1" }).click();
  await expect(confirm).toBeHidden();
  await expect(feedback(page)).toHaveText("Role restored to version 1. 2 users updated.");
  await expect(card.getByRole("checkbox", { name: /^projects:create/ })).not.toBeChecked();
  await expect(versions.first()).toContainText("Version 3");
  await expect(versions.first()).toContainText("Restored an earlier version by owner");
  const roles = await (await ownerApi.get("/api/admin/roles")).json();
  expect(roles.moderator.permissions).toEqual(ROLE_PERMISSIONS.moderator);
});

test("the profile's and a role's history are keyboard-reachable, axe-clean in both themes and fit 390 px", async ({
  page,
  login,
  ownerApi,
}) => {
  const current = await (await ownerApi.get("/api/settings/profile")).json();
  await ownerApi.patch("/api/admin/settings/profile", { data: { ...current, tagline: "A longer tagline here." } });
  const role = await ownerApi.patch("/api/admin/roles/user", {
    data: { permissions: [...ROLE_PERMISSIONS.user, "projects:view"] },
  });
  expect(role.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(ownerAccount);
  // Loaded in dark mode; each screen is swept in full there and for its colours in light mode, switched in
  // place (seriousViolationsInBothThemes): the keyboard path and the widths are the same in both themes.
  await page.addInitScript(() => localStorage.setItem("darkMode", JSON.stringify(true)));
  await openSettings(page, "Site");
  const profile = page.getByTestId("site-profile");
  // By keyboard: the toggle opens the history, Tab reaches Restore, Enter asks, Escape cancels.
  const toggle = profile.getByTestId("site-profile-history-toggle");
  await expect(toggle).toHaveAccessibleName("Show history of the site profile");
  await toggle.focus();
  await page.keyboard.press("Enter");
  const history = profile.getByTestId("history-panel");
  await expect(history).toHaveAttribute("data-state", "loaded");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(history.getByRole("button", { name: "Restore this version" }).first()).toBeFocused();
  const found = await seriousViolationsInBothThemes(page, { where: "profile history" });
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/profile-history-dark-390.png" });
  await page.keyboard.press("Enter");
  const confirm = page.getByTestId("restore-version-dialog");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  found.push(...(await seriousViolationsInBothThemes(page, { where: "profile restore confirmation" })));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scroll at 390 px").toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/profile-restore-dark-390.png" });
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();

  // To the Roles section through the section navigation, in the same page.
  await settingsSection(page, "Roles");
  const card = roleCard(page, "user");
  await card.getByRole("button", { name: "Show history of the User role" }).click();
  await expect(card.getByTestId("history-panel")).toHaveAttribute("data-state", "loaded");
  await card.getByRole("button", { name: "Restore this version" }).first().click();
  await expect(confirm.getByTestId("restore-preview")).toHaveAttribute("data-state", "ready");
  found.push(...(await seriousViolationsInBothThemes(page, { where: "role restore confirmation" })));
  const roleOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(roleOverflow, "no sideways scroll at 390 px").toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/role-restore-dark-390.png" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect(found).toEqual([]);
});
