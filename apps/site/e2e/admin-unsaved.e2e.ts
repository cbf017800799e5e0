/**
 * No edit is lost without asking: a tab switch, Escape on the project editor, an in-app link
 * and a page unload ask 'Discard your changes?' while a form holds unsaved changes, and never when none does.
 */
import type { Page } from "@playwright/test";
import {
  editProject,
  expect,
  openPanel,
  openSettings,
  ownerAccount,
  projectRow,
  ROLE_PERMISSIONS,
  settingsSection,
  test,
  userRow,
} from "./admin-support.ts";

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const discardDialog = (page: Page) => page.getByRole("dialog", { name: "Discard your changes?" });
const projectsCreate = (page: Page) =>
  page.locator('[data-testid="role-card"][data-role="moderator"]').getByRole("checkbox", { name: /^projects:create/ });

// The three answers to a tab switch from the Settings tab share one sign-in and load, a step each: the set-up
// is most of what each would cost alone.
test("a tab switch from a dirty role card: Keep editing keeps its ticks, Discard drops them; nothing unsaved asks nothing", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  await test.step("a dirty role card keeps its ticks when the user keeps editing instead of switching tab", async () => {
    await projectsCreate(page).check();
    await page.getByRole("tab", { name: "Users" }).click();
    await expect(discardDialog(page)).toBeVisible();
    await expect(discardDialog(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(discardDialog(page)).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    await expect(projectsCreate(page)).toBeChecked();
  });
  await test.step("a dirty role card's ticks go only after the user chooses Discard", async () => {
    await page.getByRole("tab", { name: "Users" }).click();
    await discardDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(projectsCreate(page)).not.toBeChecked();
  });
  await test.step("a tab switch with nothing unsaved asks nothing", async () => {
    await page.getByRole("tab", { name: "Users" }).click();
    await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    await expect(discardDialog(page)).toHaveCount(0);
  });
});

// Both answers of the project editor to Escape from one sign-in and load, a step each.
test("Escape in the project editor: untouched it closes without a question; with a change it asks first", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await test.step("Escape on an untouched project editor closes it without a question", async () => {
    const editor = await editProject(page, "Economy Bot");
    await expect(editor.getByLabel("Title")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(editor).toHaveCount(0);
    await expect(discardDialog(page)).toHaveCount(0);
  });
  await test.step("Escape in the project editor asks first; Escape on the question keeps the editor and the change", async () => {
    const editor = await editProject(page, "Economy Bot");
    await editor.getByLabel("Title").fill("Economy Bot 2");
    await page.keyboard.press("Escape");
    await expect(discardDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(discardDialog(page)).toHaveCount(0);
    await expect(editor.getByLabel("Title")).toHaveValue("Economy Bot 2");

    await page.keyboard.press("Escape");
    await discardDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(editor).toHaveCount(0);
    await expect(projectRow(page, "Economy Bot")).toHaveCount(1);
  });
});

test("the Home link asks before it leaves a dirty form, and stays on Keep editing", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  await projectsCreate(page).check();
  await page.getByTestId("home-button").click();
  await discardDialog(page).getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/admin\/settings/);
  await expect(projectsCreate(page)).toBeChecked();

  await page.getByTestId("home-button").click();
  await discardDialog(page).getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a page unload asks only while a form is dirty", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  const unloadQuestions: string[] = [];
  page.on("dialog", (dialog) => {
    unloadQuestions.push(dialog.type());
    void dialog.dismiss();
  });
  await projectsCreate(page).check();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => unloadQuestions).toEqual(["beforeunload"]);
  expect(page.isClosed()).toBe(false);

  // Reset: nothing unsaved, so the page goes without a question.
  await page.getByRole("button", { name: "Reset Moderator" }).click();
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(unloadQuestions).toEqual(["beforeunload"]);
});

test("Cancel in Edit User asks before it drops a new username", async ({ page, login, createAccount }) => {
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  await login(ownerAccount);
  await openPanel(page, "Users");
  await userRow(page, moderator.username).getByRole("button", { name: /^Edit/ }).click();
  const modal = page.getByRole("dialog", { name: "Edit User" });
  await modal.getByLabel("Username").fill(`${moderator.username}x`);
  await modal.getByRole("button", { name: "Cancel" }).click();
  await discardDialog(page).getByRole("button", { name: "Keep editing" }).click();
  await expect(modal.getByLabel("Username")).toHaveValue(`${moderator.username}x`);
  await modal.getByRole("button", { name: "Cancel" }).click();
  await discardDialog(page).getByRole("button", { name: "Discard" }).click();
  await expect(modal).toHaveCount(0);
});

// Both Settings forms from one sign-in and load, a step each: after the first question's Discard the second
// form is reached through the tabs.
test("a half-typed password change and an edited site profile each ask before a tab switch", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openSettings(page, "Account");
  await test.step("a half-typed password change asks before a tab switch", async () => {
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password", { exact: true }).fill("something");
    await page.getByRole("tab", { name: "Dashboard" }).click();
    await expect(discardDialog(page)).toBeVisible();
    await discardDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true");
  });
  await test.step("the site profile asks before a tab switch drops an edit", async () => {
    await page.getByRole("tab", { name: "Settings" }).click();
    await settingsSection(page, "Site");
    await page.getByTestId("site-profile").getByLabel("Display name").fill("Someone else");
    await page.getByRole("tab", { name: "Dashboard" }).click();
    await expect(discardDialog(page)).toBeVisible();
  });
});

test("the browser's Back button asks before it leaves a dirty form, and stays on Keep editing", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await page.goto("/");
  await page.getByTestId("admin-button").click();
  await page.getByRole("tab", { name: "Settings" }).click();
  await projectsCreate(page).check();
  await page.evaluate(() => window.history.back());
  await discardDialog(page).getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/admin\/settings/);
  await expect(projectsCreate(page)).toBeChecked();

  await page.evaluate(() => window.history.back());
  await discardDialog(page).getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("admin-button")).toBeVisible();
});
