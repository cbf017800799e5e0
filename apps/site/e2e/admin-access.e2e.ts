/**
 * Who gets into the admin panel and what each role sees there (spec sections 2 and 6), and that what the
 * panel hides, the server refuses when asked directly.
 */
import {
  expect,
  feedback,
  openPanel,
  ownerAccount,
  projectRow,
  ROLE_PERMISSIONS,
  settingsSection,
  test,
  uniqueName,
  userRow,
} from "./admin-support.ts";

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const tabNames = (page: import("@playwright/test").Page) => page.getByRole("tab").allTextContents();

test("logged out, /admin/settings shows the home page", async ({ page }) => {
  await page.goto("/admin/settings");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("last-seen-badge")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin panel" })).toHaveCount(0);
  await expect(page.getByTestId("login-button")).toBeVisible();
});

test("a logged-in user without website:admin:view is sent home", async ({ page, createAccount, login }) => {
  const user = await createAccount({ prefix: "plain" });
  await login(user);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("logout-button")).toBeVisible();
  await expect(page.getByTestId("admin-button")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Admin panel" })).toHaveCount(0);
});

test("the owner: every tab, the profile bubble, and Logout", async ({ page, login }) => {
  await login(ownerAccount);
  await page.goto("/");
  await page.getByTestId("admin-button").click();
  await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
  expect(await tabNames(page)).toEqual(["Dashboard", "Users", "Projects", "Trash", "Settings"]);
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true");

  const bubble = page.getByTestId("profile-bubble");
  await expect(bubble.getByTestId("profile-username")).toHaveText("owner");
  await expect(bubble.getByTestId("role-badge")).toHaveText("Owner");

  // Keyboard: arrows move between tabs and select them.
  await page.getByRole("tab", { name: "Dashboard" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Users" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("sorted by rank");
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
  // The tab is in the address, so a reload keeps it.
  await expect(page).toHaveURL(/#settings$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true", {
    timeout: 15_000,
  });

  await bubble.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("login-button")).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
});

test("a moderator sees every tab but can change nothing, and the page says so", async ({
  page,
  createAccount,
  login,
  dialogs,
}) => {
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  const other = await createAccount({ prefix: "zed", active: false });
  await login(moderator);
  await openPanel(page);
  expect(await tabNames(page)).toEqual(["Dashboard", "Users", "Projects", "Settings"]);
  await expect(page.getByTestId("profile-bubble").getByTestId("role-badge")).toHaveText("Moderator");
  // The subtitle names what this role can do, not what the owner can.
  await expect(page.getByTestId("admin-capabilities")).toHaveText(
    "You can see the dashboard, users and projects. Only your own account is yours to change here.",
  );
  await expect(page.getByTestId("stat-users")).toBeVisible();
  await expect(page.getByTestId("audit-log")).toBeVisible();
  // No Activate in the waiting list without users:edit.
  await expect(page.getByTestId("pending-row").filter({ hasText: other.username })).toBeVisible();
  await expect(page.getByRole("button", { name: `Activate ${other.username}` })).toHaveCount(0);

  await page.getByRole("tab", { name: "Users" }).click();
  const table = page.getByTestId("users-table");
  await expect(userRow(page, moderator.username)).toContainText("(You)");
  await expect(table.getByRole("button")).toHaveCount(0);
  await expect(userRow(page, other.username)).toContainText("No actions available");

  // Each refused button looks and is announced unavailable, with the spec's words as its description; a
  // press shows them in an alert beside it, never a browser dialog.
  await page.getByRole("tab", { name: "Projects" }).click();
  const newProject = page.getByRole("button", { name: "New Project" });
  await expect(newProject).toHaveAttribute("aria-disabled", "true");
  await expect(newProject).toHaveAccessibleDescription("You do not have permission to create projects.");
  await expect(newProject).toHaveCSS("opacity", "0.5");
  // Focusable and pressable (Playwright's click refuses an aria-disabled control: the keyboard does not).
  await newProject.focus();
  await page.keyboard.press("Enter");
  const alerts = page.getByTestId("permission-alert");
  await expect(alerts).toHaveText(["You do not have permission to create projects."]);
  await expect(alerts).toHaveAttribute("role", "alert");
  const row = projectRow(page, "Portfolio Website");
  const edit = row.getByRole("button", { name: "Edit Portfolio Website" });
  await expect(edit).toHaveAttribute("aria-disabled", "true");
  await expect(edit).toHaveAccessibleDescription("You do not have permission to edit projects.");
  await edit.click({ force: true });
  await expect(row.getByTestId("permission-alert")).toHaveText("You do not have permission to edit projects.");
  const remove = row.getByRole("button", { name: "Delete Portfolio Website" });
  await expect(remove).toHaveAccessibleDescription("You do not have permission to delete projects.");
  await remove.click({ force: true });
  await expect(row.getByTestId("permission-alert")).toHaveText("You do not have permission to delete projects.");
  await expect(alerts).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(dialogs).toEqual([]);

  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByTestId("role-editor")).toHaveCount(0);
  await expect(page.getByText("Editing roles needs the users:edit permission.")).toBeVisible();
  // The site profile is text to read, not a form that cannot be used.
  await settingsSection(page, "Site");
  const profile = page.getByTestId("site-profile");
  await expect(profile.getByText("Only the owner can change the site profile.")).toBeVisible();
  await expect(profile.getByTestId("site-profile-read-only")).toContainText("Alex Morgan");
  await expect(profile.getByRole("textbox")).toHaveCount(0);
  // Nothing to change; only the profile's history to read, whose restores are the owner's.
  await expect(profile.getByRole("button")).toHaveText(["Show history"]);
});

test("an administrator: users they may manage, never themselves or the owner", async ({
  page,
  createAccount,
  login,
}) => {
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  const waiting = await createAccount({ prefix: "new", active: false });
  const member = await createAccount({ prefix: "mem" });
  await login(admin);
  await openPanel(page, "Users");
  await expect(userRow(page, "owner").getByRole("button")).toHaveCount(0);
  // Yourself: only the password reset and your own devices.
  await expect(userRow(page, admin.username).getByRole("button")).toHaveText(["Reset password", "Devices"]);
  // Inactive: the same slots as an active row, Activate in Deactivate's place, the reset kept but disabled.
  await expect(userRow(page, waiting.username).getByRole("button")).toHaveText([
    "Edit",
    "Change e-mail",
    "Reset password",
    "Devices",
    "Activate",
    "Delete",
  ]);
  await expect(userRow(page, waiting.username).getByRole("button", { name: /^Reset password/ })).toBeDisabled();
  await expect(userRow(page, member.username).getByRole("button")).toHaveText([
    "Edit",
    "Change e-mail",
    "Reset password",
    "Devices",
    "Deactivate",
    "Delete",
  ]);
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByTestId("role-card")).toHaveCount(2);
  await expect(page.getByTestId("role-card").locator("h3")).toHaveText(["Moderator", "User"]);
  await settingsSection(page, "Site");
  await expect(page.getByTestId("site-profile").getByText("Only the owner can change the site profile.")).toBeVisible();
});

test("custom permissions: only the tabs they allow, and only the actions they allow", async ({
  page,
  createAccount,
  login,
  dialogs,
}) => {
  const creator = await createAccount({
    prefix: "maker",
    permissions: ["website:view", "website:admin:view", "projects:view", "projects:create"],
  });
  await login(creator);
  await openPanel(page);
  expect(await tabNames(page)).toEqual(["Dashboard", "Projects", "Settings"]);
  await expect(page.getByTestId("profile-bubble").getByTestId("role-badge")).toHaveText("User");
  await expect(page.getByTestId("stat-projects")).toBeVisible();
  await expect(page.getByTestId("stat-users")).toHaveCount(0);
  await expect(page.getByTestId("audit-log")).toHaveCount(0);
  // A hand-typed link to a hidden tab falls back to the first one.
  await page.goto("/admin/settings#users");
  await page.reload();
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true", {
    timeout: 15_000,
  });

  await page.getByRole("tab", { name: "Projects" }).click();
  await page.getByRole("button", { name: "New Project" }).click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  // A title of its own: the project stays on the worker's server after the test.
  const title = uniqueName("Made by a creator ");
  await modal.getByLabel("Title").fill(title);
  await modal.getByLabel("Description").fill("Created with projects:create only.");
  await modal.getByRole("button", { name: "Create Project" }).click();
  await expect(modal).toBeHidden();
  await expect(projectRow(page, title)).toBeVisible();
  await expect(feedback(page)).toHaveText(`Project "${title}" created.`);
  await expect(page.getByTestId("admin-capabilities")).toHaveText(
    "You can see the dashboard and projects, and create projects.",
  );
  const made = projectRow(page, title);
  await made.getByRole("button", { name: /^Edit/ }).click({ force: true });
  await expect(made.getByTestId("permission-alert")).toHaveText("You do not have permission to edit projects.");
  await made.getByRole("button", { name: /^Delete/ }).click({ force: true });
  await expect(made.getByTestId("permission-alert")).toHaveText("You do not have permission to delete projects.");
  expect(dialogs).toEqual([]);
});

test("what the panel hides, the server refuses (403) when asked directly", async ({
  page,
  createAccount,
  login,
  ownerApi,
  baseURL,
}) => {
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  const target = await createAccount({ prefix: "tgt", active: false });
  const projects = (await (await ownerApi.get("/api/projects")).json()) as { projects: Array<{ _id: string }> };
  const projectId = projects.projects[0]?._id;
  await login(moderator);
  const headers = { Origin: baseURL as string };
  const calls = [
    page.request.patch(`/api/admin/users/${target.id}`, { data: { isActive: true }, headers }),
    page.request.patch(`/api/admin/users/${target.id}`, {
      data: { username: target.username, permissions: ROLE_PERMISSIONS.admin },
      headers,
    }),
    page.request.delete(`/api/admin/users/${target.id}`, { headers }),
    page.request.post(`/api/admin/users/${target.id}/reset-password`, { headers }),
    page.request.patch("/api/admin/roles/user", { data: { permissions: ["website:view"] }, headers }),
    page.request.post("/api/projects", { data: { title: "x", description: "y" }, headers }),
    page.request.patch(`/api/projects/${projectId}`, { data: { title: "x" }, headers }),
    page.request.delete(`/api/projects/${projectId}`, { headers }),
    page.request.patch("/api/admin/settings/profile", { data: { ownerName: "Nope" }, headers }),
  ];
  const statuses = await Promise.all(calls.map(async (call) => (await call).status()));
  expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403]);
});
