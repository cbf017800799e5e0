/** The Settings tab's sections: the role editor, the site profile, your password and your sessions. */
import { formatAge } from "@portfolio/core/domain";
import {
  expect,
  feedback,
  openPanel,
  openSettings,
  ownerAccount,
  ROLE_PERMISSIONS,
  settingsSection,
  test,
  userRow,
} from "./admin-support.ts";

// A fresh database for each test: this file saves the roles every other test's accounts are shown with, and counts who holds them.
test.use({ ownServer: true });

// Each test starts its own server and logs in; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const roleCard = (page: import("@playwright/test").Page, key: string) =>
  page.locator(`[data-testid="role-card"][data-role="${key}"]`);

test("role editor: every role but owner for the owner; Reset, Save and 'n users updated'", async ({
  page,
  login,
  createAccount,
}) => {
  const moderators = [
    await createAccount({ prefix: "moda", permissions: ROLE_PERMISSIONS.moderator }),
    await createAccount({ prefix: "modb", permissions: ROLE_PERMISSIONS.moderator }),
  ];
  const custom = await createAccount({
    prefix: "cust",
    permissions: [...ROLE_PERMISSIONS.moderator, "projects:create"],
  });
  await login(ownerAccount);
  await openPanel(page, "Settings");
  await expect(page.getByTestId("role-card").locator("h3")).toHaveText(["Administrator", "Moderator", "User"]);

  const card = roleCard(page, "moderator");
  await expect(card.getByRole("checkbox", { name: /^override:owner/ })).toBeDisabled();
  const save = card.getByRole("button", { name: "Save Moderator" });
  const reset = card.getByRole("button", { name: "Reset Moderator" });
  await expect(save).toBeDisabled();
  await card.getByRole("checkbox", { name: /^projects:create/ }).check();
  await expect(card).toContainText("Unsaved changes");
  await reset.click();
  await expect(card.getByRole("checkbox", { name: /^projects:create/ })).not.toBeChecked();
  await expect(save).toBeDisabled();

  await card.getByRole("checkbox", { name: /^projects:create/ }).check();
  // Before Save, the card says who will change: the role's members only (not the custom account).
  const members = moderators.map((m) => m.username).sort((a, b) => a.localeCompare(b));
  await expect(card.getByTestId("role-preview")).toHaveText(`This will update 2 users: ${members.join(", ")}`);
  await save.click();
  await expect(feedback(page)).toHaveText("Role permissions updated successfully. 2 users updated.");
  await expect(card.getByRole("checkbox", { name: /^projects:create/ })).toBeChecked();
  await expect(save).toBeDisabled();

  // The two moderators moved with the role; the custom account (already holding the new set) did not count.
  await page.getByRole("tab", { name: "Users" }).click();
  for (const moderator of moderators) {
    await expect(userRow(page, moderator.username).getByTestId("role-badge")).toHaveText("Moderator");
    await expect(userRow(page, moderator.username).locator('[data-permission="projects:create"]')).toHaveCount(1);
  }
  await expect(userRow(page, custom.username).getByTestId("role-badge")).toHaveText("Moderator");

  await page.getByRole("tab", { name: "Settings" }).click();
  // Back again: still only the two members; the custom account keeps its own set (membership is explicit).
  await card.getByRole("checkbox", { name: /^projects:create/ }).uncheck();
  await expect(card.getByTestId("role-preview")).toHaveText(`This will update 2 users: ${members.join(", ")}`);
  await card.getByRole("button", { name: "Save Moderator" }).click();
  await expect(feedback(page)).toHaveText("Role permissions updated successfully. 2 users updated.");
});

test("role editor: before Save it names who will change, from the server's dry run", async ({
  page,
  login,
  createAccount,
}) => {
  const members = [
    await createAccount({ prefix: "alice" }),
    await createAccount({ prefix: "bob" }),
    await createAccount({ prefix: "carol" }),
  ].map((account) => account.username);
  await login(ownerAccount);
  const roleCalls: Array<{ dryRun?: boolean }> = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/admin/roles/"))
      roleCalls.push(request.postDataJSON() as { dryRun?: boolean });
  });
  await openPanel(page, "Settings");
  const card = roleCard(page, "user");
  await card.getByRole("checkbox", { name: /^projects:view/ }).check();
  await expect(card.getByTestId("role-preview")).toHaveText(`This will update 3 users: ${members.join(", ")}`);
  expect(roleCalls.length).toBeGreaterThan(0);
  expect(roleCalls.every((body) => body.dryRun === true)).toBe(true);
  // Nothing changed yet: the dry run wrote nothing.
  await page.getByRole("tab", { name: "Users" }).click();
  for (const name of members)
    await expect(userRow(page, name).locator('[data-permission="projects:view"]')).toHaveCount(0);
});

test("role editor: a role with no members says so plainly before Save", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  const card = roleCard(page, "admin");
  await card.getByRole("checkbox", { name: /^users:delete/ }).uncheck();
  await expect(card.getByTestId("role-preview")).toHaveText("This will update no users.");
  await card.getByRole("button", { name: "Save Administrator" }).click();
  await expect(feedback(page)).toHaveText("Role permissions updated successfully. 0 users updated.");
});

test("role editor: a set another role already holds is refused before Save", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  await expect(page.getByText("Saving a role updates its members: users saved with this role.")).toBeVisible();
  const card = roleCard(page, "user");
  for (const name of ["website:admin:view", "projects:view", "users:view"])
    await card.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();
  await expect(card.getByTestId("role-preview")).toHaveText(
    "The User role would have the same permissions as the Moderator role.",
  );
  await expect(card.getByRole("button", { name: "Save User" })).toBeDisabled();
  await card.getByRole("checkbox", { name: /^users:view/ }).uncheck();
  await expect(card.getByTestId("role-preview")).toHaveText(/^This will update /);
  await expect(card.getByRole("button", { name: "Save User" })).toBeEnabled();
});

test("role editor failure: 'Failed to update role permissions: …'", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Settings");
  const card = roleCard(page, "user");
  await page.route("**/api/admin/roles/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 500, json: { error: "The database is locked." } })
      : route.fallback(),
  );
  await card.getByRole("checkbox", { name: /^projects:view/ }).check();
  await card.getByRole("button", { name: "Save User" }).click();
  await expect(feedback(page)).toHaveText("Failed to update role permissions: The database is locked.");
  await page.unrouteAll();
  await page.route("**/api/admin/roles/*", (route) =>
    route.request().method() === "PATCH" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await card.getByRole("button", { name: "Save User" }).click();
  await expect(feedback(page)).toHaveText("Failed to update role permissions: Unknown error");
  await expect(page.getByTestId("admin-feedback")).toHaveAttribute("data-tone", "error");
});

test("a role editor who removes website:admin:view from their own role is sent home", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  // The owner lets moderators edit users, roles and permissions; this moderator moves with the role.
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  const withEdit = [...ROLE_PERMISSIONS.moderator, "users:edit", "users:permissions"];
  expect((await ownerApi.patch("/api/admin/roles/moderator", { data: { permissions: withEdit } })).status()).toBe(200);

  await login(moderator);
  await openPanel(page, "Settings");
  await expect(page.getByTestId("role-card").locator("h3")).toHaveText(["Moderator", "User"]);
  const card = roleCard(page, "moderator");
  // A permission the editor does not hold cannot be added to a role.
  await expect(card.getByRole("checkbox", { name: /^projects:delete/ })).toBeDisabled();
  await card.getByRole("checkbox", { name: /^website:admin:view/ }).uncheck();
  await card.getByRole("button", { name: "Save Moderator" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("last-seen-badge")).toBeVisible();
  await expect(page.getByTestId("admin-button")).toHaveCount(0);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/$/);
});

test("general settings: the owner edits the public profile and the home page shows it", async ({ page, login }) => {
  await login(ownerAccount);
  await openSettings(page, "Site");
  const profile = page.getByTestId("site-profile");
  await expect(profile.getByLabel("Display name")).toHaveValue("Alex Morgan");
  await expect(profile.getByRole("button", { name: "Save profile" })).toBeDisabled();

  await profile.getByLabel("Business e-mail").fill("not-an-email");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByTestId("field-error")).toHaveText("Business email must be a valid email address.");

  await profile.getByLabel("Display name").fill("Sam Rivera");
  await profile.getByLabel("Birth date").fill("1999-03-04");
  await expect(profile).toContainText("The age figure shows");
  await profile.getByLabel("Business e-mail").fill("hello@samrivera.dev");
  await profile.getByLabel("GitHub URL").fill("https://github.com/sam-rivera");
  await profile.getByLabel("YouTube URL").fill("");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(feedback(page)).toHaveText("Site profile saved. The public site now shows these details.");
  await expect(profile.getByRole("button", { name: "Save profile" })).toBeDisabled();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName("Hi, I'm Sam Rivera. Software developer.");
  await expect(page.getByTestId("business-email")).toHaveText("hello@samrivera.dev");
  await expect(page.getByTestId("business-email")).toHaveAttribute("href", "mailto:hello@samrivera.dev");
  const social = page.getByRole("navigation", { name: "Social links" });
  await expect(social.getByRole("link", { name: /^GitHub/ })).toHaveAttribute("href", "https://github.com/sam-rivera");
  await expect(social.getByRole("link", { name: /^YouTube/ })).toHaveCount(0);
  const age = Number(await page.getByTestId("age-figure").textContent());
  expect(Math.abs(age - Number(formatAge(new Date(1999, 2, 4), new Date())))).toBeLessThan(0.001);
  await expect(page).toHaveTitle(/Sam Rivera/);
  await expect(page.getByRole("contentinfo")).toContainText("Sam Rivera");
  await page.goto("/calendar");
  await expect(page.getByText(/^What Sam Rivera started and shipped/)).toBeVisible();
});

test("your sessions: see them, end one; a password change ends the others", async ({
  page,
  login,
  createAccount,
  browser,
  server,
}) => {
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  // A second device.
  const other = await browser.newContext({
    baseURL: server.baseUrl,
    userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/140.0",
  });
  const otherLogin = await other.request.post("/api/login", {
    data: { username: admin.username, password: admin.password },
    headers: { Origin: server.baseUrl },
  });
  expect(otherLogin.status()).toBe(200);
  const third = await browser.newContext({ baseURL: server.baseUrl, userAgent: "Mozilla/5.0 (iPhone) Safari/604.1" });
  await third.request.post("/api/login", {
    data: { username: admin.username, password: admin.password },
    headers: { Origin: server.baseUrl },
  });

  await login(admin);
  await openSettings(page, "Sessions and devices");
  const sessions = page.getByTestId("sessions-list");
  await expect(sessions.getByTestId("session-row")).toHaveCount(3);
  await expect(sessions.getByTestId("session-row").filter({ hasText: "This device" })).toHaveCount(1);
  await sessions.getByRole("button", { name: /^End session on Firefox on Windows/ }).click();
  await expect(feedback(page)).toHaveText("Session on Firefox on Windows ended.");
  await expect(sessions.getByTestId("session-row")).toHaveCount(2);
  expect((await other.request.get("/api/me")).status()).toBe(401);

  await settingsSection(page, "Account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password", { exact: true }).fill("wrong-password");
  await form.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-pass2");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Passwords do not match.");
  await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-pass");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByTestId("save-error")).toContainText("The current password is not correct.");
  await form.getByLabel("Current password", { exact: true }).fill(admin.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(feedback(page)).toHaveText("Password changed. Your other sessions have been logged out.");
  await settingsSection(page, "Sessions and devices");
  await expect(sessions.getByTestId("session-row")).toHaveCount(1);
  expect((await third.request.get("/api/me")).status()).toBe(401);
  expect((await page.request.get("/api/me")).status()).toBe(200);
  await other.close();
  await third.close();
});

test("log out everywhere else: asks first, ends every other session, keeps this one; each End is quiet", async ({
  page,
  login,
  createAccount,
  browser,
  server,
}) => {
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  const others = [];
  for (const userAgent of ["Mozilla/5.0 (Windows NT 10.0) Firefox/140.0", "Mozilla/5.0 (iPhone) Safari/604.1"]) {
    const context = await browser.newContext({ baseURL: server.baseUrl, userAgent });
    const signIn = await context.request.post("/api/login", {
      data: { username: admin.username, password: admin.password },
      headers: { Origin: server.baseUrl },
    });
    expect(signIn.status()).toBe(200);
    others.push(context);
  }

  await login(admin);
  await openSettings(page, "Sessions and devices");
  const sessions = page.getByTestId("sessions");
  await expect(sessions.getByTestId("session-row")).toHaveCount(3);
  // One session's End is a quiet button: none in the list is red.
  const ends = sessions.getByRole("button", { name: /^End / });
  await expect(ends).toHaveCount(3);
  for (const end of await ends.all()) await expect(end).not.toHaveClass(/bg-red-600/);

  await sessions.getByRole("button", { name: "Log out everywhere else" }).click();
  const ask = page.getByRole("dialog", { name: "Log out everywhere else" });
  await expect(ask).toContainText(
    "End your 2 other sessions? Those browsers are logged out at once. This browser stays logged in, and so do your desktop apps (revoke those under Device tokens).",
  );
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  for (const context of others) expect((await context.request.get("/api/me")).status()).toBe(200);

  await sessions.getByRole("button", { name: "Log out everywhere else" }).click();
  await ask.getByRole("button", { name: "Log out everywhere else" }).click();
  await expect(feedback(page)).toHaveText("Logged out of 2 other sessions.");
  await expect(sessions.getByTestId("session-row")).toHaveCount(1);
  await expect(sessions.getByTestId("session-row")).toContainText("This device");
  // With no other session left, the button has nothing to do and is gone.
  await expect(sessions.getByRole("button", { name: "Log out everywhere else" })).toHaveCount(0);
  for (const context of others) expect((await context.request.get("/api/me")).status()).toBe(401);
  expect((await page.request.get("/api/me")).status()).toBe(200);
  for (const context of others) await context.close();
});
