/**
 * Settings in sections: each section reachable by its own address, a section navigation
 * that works by keyboard and fits a phone, the unsaved-changes question on a section switch, the role
 * card's sticky footer, disabled buttons that look disabled, and validation errors at their field.
 */
import type { Page } from "@playwright/test";
import { expect, openPanel, openSettings, ownerAccount, settingsSection, test, userRow } from "./admin-support.ts";

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const sectionNav = (page: Page) => page.getByRole("navigation", { name: "Settings sections" });
const currentSection = (page: Page) => sectionNav(page).locator('[aria-current="page"]');

test("each section has its own address; #settings alone opens the first", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  await expect(sectionNav(page).getByRole("link")).toHaveText([
    "Roles",
    "Site",
    "Twitch",
    "Security",
    "Account",
    "Sessions and devices",
  ]);
  await expect(currentSection(page)).toHaveText("Roles");
  await expect(page.getByTestId("role-card").first()).toBeVisible();
  // Only the section shown is in the page: no 3,100 px of everything at once.
  await expect(page.getByTestId("site-profile")).toHaveCount(0);
  await expect(page.getByTestId("sessions")).toHaveCount(0);

  for (const [hash, name, shows] of [
    ["#settings/site", "Site", "site-profile"],
    ["#settings/twitch", "Twitch", "twitch-connect"],
    ["#settings/security", "Security", "security-settings"],
    ["#settings/account", "Account", "password"],
    ["#settings/sessions", "Sessions and devices", "sessions"],
  ] as const) {
    await page.goto(`/admin/settings${hash}`);
    await page.reload();
    await expect(currentSection(page)).toHaveText(name, { timeout: 15_000 });
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId(shows)).toBeVisible();
    await expect(page.getByTestId("role-editor")).toHaveCount(0);
  }

  // A click moves the address along; a reload keeps the section.
  await settingsSection(page, "Site");
  await expect(page).toHaveURL(/#settings\/site$/);
  await page.reload();
  await expect(currentSection(page)).toHaveText("Site", { timeout: 15_000 });
});

test("the section links work from the keyboard, and the profile bubble leads to Account", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Users");
  await page.getByTestId("profile-account-link").click();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
  await expect(currentSection(page)).toHaveText("Account");
  await expect(page.getByRole("form", { name: "Change password" })).toBeVisible();

  await sectionNav(page).getByRole("link", { name: "Sessions and devices" }).focus();
  await page.keyboard.press("Enter");
  await expect(currentSection(page)).toHaveText("Sessions and devices");
  await expect(page.getByTestId("sessions-list")).toBeVisible();
});

test("a section switch asks before it drops unsaved changes, and Keep editing stays", async ({ page, login }) => {
  await login(ownerAccount);
  await openSettings(page, "Site");
  const name = page.getByTestId("site-profile").getByLabel("Display name");
  await name.fill("Someone else");
  await sectionNav(page).getByRole("link", { name: "Account" }).click();
  const discard = page.getByRole("dialog", { name: "Discard your changes?" });
  await discard.getByRole("button", { name: "Keep editing" }).click();
  await expect(currentSection(page)).toHaveText("Site");
  await expect(page).toHaveURL(/#settings\/site$/);
  await expect(name).toHaveValue("Someone else");

  // A typed address asks too, and Keep editing puts the address back.
  await page.evaluate(() => {
    window.location.hash = "#settings/sessions";
  });
  await discard.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/#settings\/site$/);
  await expect(name).toHaveValue("Someone else");

  await sectionNav(page).getByRole("link", { name: "Account" }).click();
  await discard.getByRole("button", { name: "Discard" }).click();
  await expect(currentSection(page)).toHaveText("Account");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the section navigation fits: it scrolls sideways itself, the page does not", async ({ page, login }) => {
    await login(ownerAccount);
    await openPanel(page, "Settings");
    const nav = sectionNav(page);
    await expect(nav).toBeVisible();
    const box = await nav.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth)).toBe(false);
    const last = nav.getByRole("link", { name: "Sessions and devices" });
    await last.focus();
    await expect(last).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("sessions-list")).toBeVisible();
  });

  test.describe("with no administrator but the owner", () => {
    // A fresh database: the preview counts every administrator on the server, and other tests make some.
    test.use({ ownServer: true });

    test("a role card keeps 'This will update N users' and Save in view while its checkboxes scroll", async ({
      page,
      login,
    }) => {
      await login(ownerAccount);
      await openPanel(page, "Settings");
      const card = page.locator('[data-testid="role-card"][data-role="admin"]');
      await card.getByRole("checkbox", { name: /^users:delete/ }).uncheck();
      await expect(card.getByTestId("role-preview")).toHaveText("This will update no users.");
      // Scroll so the card's top checkboxes are in view and its end is far below the window.
      await card.getByRole("checkbox").first().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -window.innerHeight));
      await card.getByRole("heading", { name: "Administrator" }).evaluate((h) => h.scrollIntoView({ block: "start" }));
      await expect(card.getByTestId("role-preview")).toBeInViewport();
      await expect(card.getByRole("button", { name: "Save Administrator" })).toBeInViewport();
      // Held above the profile bar, not under it.
      const footer = await card.getByTestId("role-card-footer").boundingBox();
      const bar = await page.locator('[data-floating-bar="bottom"]').boundingBox();
      expect(footer && bar && footer.y + footer.height <= bar.y + 0.5).toBe(true);
    });
  });
});

test("disabled buttons look disabled", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  const card = page.locator('[data-testid="role-card"][data-role="user"]');
  for (const name of ["Save User", "Reset User"]) {
    const button = card.getByRole("button", { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveCSS("opacity", "0.5");
    await expect(button).toHaveCSS("cursor", "not-allowed");
  }
});

test("validation errors sit at their field, mark it and take focus", async ({ page, login }) => {
  await login(ownerAccount);
  await openSettings(page, "Account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password", { exact: true }).fill("whatever");
  await form.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-pass2");
  await form.getByRole("button", { name: "Change password" }).click();
  const confirm = form.getByLabel("Confirm new password", { exact: true });
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");
  await expect(form.getByLabel("New password", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Current password", { exact: true }).fill("");
  await form.getByRole("button", { name: "Change password" }).click();
  const current = form.getByLabel("Current password", { exact: true });
  await expect(current).toBeFocused();
  await expect(current).toHaveAccessibleDescription("Please fill in all fields.");
  await expect(confirm).not.toHaveAttribute("aria-invalid", "true");

  // The half-typed form asks before the section switch.
  await sectionNav(page).getByRole("link", { name: "Site" }).click();
  await page.getByRole("dialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();
  await expect(currentSection(page)).toHaveText("Site");
  const profile = page.getByTestId("site-profile");
  await profile.getByLabel("YouTube URL").fill("not a web address");
  await profile.getByRole("button", { name: "Save profile" }).click();
  const youtube = profile.getByLabel("YouTube URL");
  await expect(youtube).toBeFocused();
  await expect(youtube).toHaveAttribute("aria-invalid", "true");
  await expect(profile.getByTestId("field-error")).toHaveCount(1);
  const describedBy = await youtube.getAttribute("aria-describedby");
  expect(describedBy?.split(" ")[0]).toBe(await profile.getByTestId("field-error").getAttribute("id"));
});

test("the project editor and Edit User mark their refused field the same way", async ({
  page,
  login,
  createAccount,
}) => {
  const member = await createAccount({ prefix: "mem" });
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await page.getByRole("button", { name: "New Project" }).click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  await modal.getByLabel("Title").fill("Something new");
  await modal.getByRole("button", { name: "Create Project" }).click();
  const description = modal.getByLabel("Description");
  await expect(description).toBeFocused();
  await expect(description).toHaveAttribute("aria-invalid", "true");
  const missing = await description.evaluate((el: HTMLTextAreaElement) => el.validationMessage);
  await expect(modal.getByTestId("field-error")).toHaveText(missing);
  await expect(description).toHaveAccessibleDescription(missing);
  await modal.getByLabel("Description").fill("Described.");
  await modal.getByLabel("Code link (GitHub)").fill("not a url");
  await modal.getByRole("button", { name: "Create Project" }).click();
  const github = modal.getByLabel("Code link (GitHub)");
  await expect(github).toBeFocused();
  await expect(github).toHaveAttribute("aria-invalid", "true");
  await expect(modal.getByTestId("field-error")).toHaveText("Enter a URL starting with https://.");
  await expect(description).not.toHaveAttribute("aria-invalid", "true");
  await modal.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("dialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();

  await page.getByRole("tab", { name: "Users" }).click();
  await userRow(page, member.username).getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit User" });
  await edit.getByLabel("Username").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  const username = edit.getByLabel("Username");
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(edit.getByTestId("field-error")).toBeVisible();
  await expect(edit.getByTestId("save-error")).toHaveCount(0);
});
