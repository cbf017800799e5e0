/** axe-core on every tab and modal of the admin panel, in both themes: no serious or critical violations. */

import { seriousViolations, seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import {
  expect,
  openPanel,
  openSettings,
  ownerAccount,
  ROLE_PERMISSIONS,
  serverPerFileAndWorker,
  settingsSection,
  test,
  userRow,
} from "./admin-support.ts";

// A database of this file's own: it opens a seeded project's dialogs and saves the User role. Its tests share
// it (one per worker): the role is put back after its save, the dialogs are left unsaved.
serverPerFileAndWorker();

// A busy machine needs more than the default 45 s for a test that signs in and sweeps several screens.
test.describe.configure({ timeout: 90_000 });

const VISIBLE = { timeout: 15_000 };

// Each screen is checked in both themes where it stands (seriousViolationsInBothThemes): two scans a screen.
test.describe("both themes", () => {
  test.describe.configure({ timeout: 150_000 });

  test("Dashboard, Users and the user dialogs", async ({ page, login, createAccount }) => {
    const custom = await createAccount({
      prefix: "cust",
      permissions: ["website:view", "website:admin:view", "projects:view", "projects:create"],
    });
    await createAccount({ prefix: "wait", active: false });
    await login(ownerAccount);
    const found: string[] = [];

    await openPanel(page);
    await expect(page.getByTestId("audit-entry").first()).toBeVisible(VISIBLE);
    await expect(page.getByTestId("twitch-status")).toBeVisible(VISIBLE);
    await page
      .getByTestId("audit-entry")
      .getByText(/before and after/)
      .first()
      .click();
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Dashboard" })));

    await page.getByRole("tab", { name: "Users" }).click();
    await expect(page.getByTestId("users-table")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Users" })));
    await userRow(page, custom.username).getByRole("button", { name: /^Edit/ }).click();
    const editor = page.getByRole("dialog", { name: "Edit User" });
    await expect(editor).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Edit User (custom mode)" })));
    await editor.getByText("Role-based", { exact: true }).click();
    await expect(editor.getByTestId("role-picker")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Edit User (role mode)" })));
    await page.keyboard.press("Escape");
    await expect(editor).toBeHidden(VISIBLE);
    await userRow(page, custom.username)
      .getByRole("button", { name: /^Delete/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete user" });
    await expect(confirm).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Delete user" })));
    // The danger button under the pointer keeps white text readable (hover goes darker, not lighter).
    await confirm.getByRole("button", { name: "Delete", exact: true }).hover();
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Delete user, hovered" })));
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden(VISIBLE);
    // The question before a mail has an indigo confirm button, checked the same way.
    await userRow(page, custom.username)
      .getByRole("button", { name: /^Reset password/ })
      .click();
    const reset = page.getByRole("dialog", { name: "Reset password" });
    await expect(reset).toBeVisible(VISIBLE);
    await reset.getByRole("button", { name: "Send reset e-mail" }).hover();
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Reset password, hovered" })));
    expect(found).toEqual([]);
  });

  test("Projects and the project dialogs, also on the home page", async ({ page, login }) => {
    await login(ownerAccount);
    const found: string[] = [];
    await openPanel(page, "Projects");
    await expect(page.getByTestId("projects-table")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Projects" })));
    await page.getByRole("button", { name: "New Project" }).click();
    const editor = page.getByRole("dialog", { name: "Create Project" });
    await expect(editor).toBeVisible(VISIBLE);
    await editor.getByLabel("Tags", { exact: true }).fill("React");
    await editor.getByLabel("Tags", { exact: true }).press("Enter");
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Create Project" })));
    // The added tag is an unsaved change: Escape asks before it drops it.
    await page.keyboard.press("Escape");
    const discard = page.getByRole("dialog", { name: "Discard your changes?" });
    await expect(discard).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Discard your changes?" })));
    await discard.getByRole("button", { name: "Discard" }).click();
    await expect(editor).toBeHidden(VISIBLE);
    await page.getByRole("button", { name: "Delete Economy Bot" }).click();
    await expect(page.getByRole("dialog", { name: "Delete project" })).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Delete project" })));

    await page.goto("/");
    await expect(page.getByTestId("logout-button")).toBeVisible(VISIBLE);
    const card = page.locator(".project-card").filter({ hasText: "Economy Bot" });
    await card.hover();
    await card.getByRole("button", { name: "Edit Economy Bot" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Project" })).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Home: Edit Project" })));
    expect(found).toEqual([]);
  });

  test("Settings, with a message showing", async ({ page, login, ownerApi }) => {
    await login(ownerAccount);
    await openPanel(page, "Settings");
    await expect(page.getByTestId("role-editor")).toBeVisible(VISIBLE);
    const found = await seriousViolationsInBothThemes(page, { where: "Settings: Roles" });
    await settingsSection(page, "Site");
    await expect(page.getByTestId("site-profile").getByLabel("Display name")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Settings: Site" })));
    await settingsSection(page, "Twitch");
    await expect(page.getByTestId("twitch-status")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Settings: Twitch" })));
    await settingsSection(page, "Security");
    await expect(page.getByRole("switch", { name: "Require a second factor for staff" })).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Settings: Security" })));
    await settingsSection(page, "Account");
    await expect(page.getByRole("form", { name: "Change password" })).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Settings: Account" })));
    await settingsSection(page, "Sessions and devices");
    await expect(page.getByTestId("sessions-list")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Settings: Sessions and devices" })));
    await settingsSection(page, "Roles");
    await page
      .locator('[data-role="user"]')
      .getByRole("checkbox", { name: /^projects:view/ })
      .check();
    await page.getByRole("button", { name: "Save User" }).click();
    await expect(page.getByTestId("admin-feedback")).toBeVisible(VISIBLE);
    found.push(...(await seriousViolationsInBothThemes(page, { where: "Settings with a message" })));
    // The User role as the next test of the worker expects it.
    const restore = await ownerApi.patch("/api/admin/roles/user", { data: { permissions: ROLE_PERMISSIONS.user } });
    expect(restore.status(), "restore the User role").toBe(200);
    expect(found).toEqual([]);
  });
});

test("the panel of a viewer with few permissions (read-only settings) has no violations either", async ({
  page,
  login,
  createAccount,
}) => {
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  await login(moderator);
  await openSettings(page, "Site");
  await expect(page.getByText("Only the owner can change the site profile.")).toBeVisible(VISIBLE);
  const found = await seriousViolations(page, { where: "Settings (moderator)" });
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByTestId("users-table")).toBeVisible(VISIBLE);
  found.push(...(await seriousViolations(page, { where: "Users (moderator)" })));
  expect(found).toEqual([]);
});
