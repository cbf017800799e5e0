/** The Users tab and the Edit User modal (spec sections 2, 4, 5, 6 and 8). */
import { waitForMailLink } from "../scripts/testing/eml.ts";
import { expect, feedback, openPanel, ownerAccount, ROLE_PERMISSIONS, test, userRow } from "./admin-support.ts";

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

test.describe("with no users but the test's own and the owner", () => {
  // A fresh database: the test reads the whole table's order, which other tests' accounts would join.
  test.use({ ownServer: true });

  test("the table: rank then username, member since, (You), e-mail, role, status, permissions by category", async ({
    page,
    createAccount,
    login,
  }) => {
    const names = ["bmod", "amod"];
    const moderators = [];
    for (const prefix of names)
      moderators.push(await createAccount({ prefix, permissions: ROLE_PERMISSIONS.moderator }));
    const admin = await createAccount({ prefix: "zadmin", permissions: ROLE_PERMISSIONS.admin });
    const user = await createAccount({ prefix: "auser", active: false });
    await login(ownerAccount);
    await openPanel(page, "Users");

    // The table arrives with the users' answer: wait for it, never read a table that is still loading.
    const order = () =>
      page.getByTestId("user-row").evaluateAll((els) => els.map((el) => el.getAttribute("data-username")));
    const mods = moderators.map((m) => m.username).sort((a, b) => a.localeCompare(b));
    await expect.poll(order).toEqual(["owner", admin.username, ...mods, user.username]);

    const owner = userRow(page, "owner");
    await expect(owner.getByRole("rowheader")).toContainText("owner(You)");
    await expect(owner.getByRole("rowheader")).toContainText(/Member since [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(owner).toContainText("owner@example.test");
    await expect(owner.getByTestId("role-badge")).toHaveText("Owner");
    // The owner is shown with every permission, grouped by category.
    await expect(owner.locator("[data-permission]")).toHaveCount(13);
    await expect(owner.locator("[data-category]")).toHaveCount(4);
    await expect(owner.locator("[data-category] > p")).toHaveText(["Website", "Projects", "User Management", "System"]);

    const moderator = userRow(page, mods[0] as string);
    await expect(moderator.getByRole("rowheader")).not.toContainText("(You)");
    await expect(moderator.getByTestId("role-badge")).toHaveText("Moderator");
    await expect(moderator.getByTestId("user-status")).toHaveText("Active");
    await expect(moderator.locator("[data-permission]")).toHaveText([
      "website:view",
      "website:admin:view",
      "projects:view",
      "users:view",
    ]);
    await expect(moderator.locator("[data-category] > p")).toHaveText(["Website", "Projects", "User Management"]);
    await expect(userRow(page, admin.username).getByTestId("role-badge")).toHaveText("Administrator");
    await expect(userRow(page, user.username).getByTestId("user-status")).toHaveText("Inactive");
  });
});

test("activate, password reset and delete, each with its message; the list is fetched again", async ({
  page,
  createAccount,
  login,
  server,
}) => {
  const waiting = await createAccount({ prefix: "wait", active: false });
  const member = await createAccount({ prefix: "member" });
  await login(ownerAccount);
  await openPanel(page, "Users");

  const row = userRow(page, waiting.username);
  await expect(row.getByRole("button", { name: `Reset password ${waiting.username}` })).toBeDisabled();
  await expect(row.getByRole("button", { name: `Reset password ${waiting.username}` })).toHaveAccessibleDescription(
    "A reset link goes only to an active account: activate the user first.",
  );
  // The tab loads the page it shows again (one page of users, with its search and filters).
  const refetch = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/admin/users" && r.request().method() === "GET",
  );
  await row.getByRole("button", { name: `Activate ${waiting.username}`, exact: true }).click();
  await refetch;
  await expect(feedback(page)).toHaveText(`User "${waiting.username}" activated.`);
  await expect(row.getByTestId("user-status")).toHaveText("Active");
  await expect(row.getByRole("button", { name: `Activate ${waiting.username}`, exact: true })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Reset password ${waiting.username}` })).toBeEnabled();

  const since = Date.now() - 1000;
  await userRow(page, member.username)
    .getByRole("button", { name: `Reset password ${member.username}` })
    .click();
  // A reset mails the user: it asks first, naming the address, and Cancel sends nothing.
  const ask = page.getByRole("dialog", { name: "Reset password" });
  await expect(ask).toContainText(`Send "${member.username}" a password reset e-mail at ${member.email}?`);
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(feedback(page)).not.toHaveText("Password reset email sent successfully");
  await userRow(page, member.username)
    .getByRole("button", { name: `Reset password ${member.username}` })
    .click();
  await ask.getByRole("button", { name: "Send reset e-mail" }).click();
  await expect(feedback(page)).toHaveText("Password reset email sent successfully");
  await waitForMailLink(server.outboxDir, member.email, "/reset-password", { after: since });

  await userRow(page, member.username)
    .getByRole("button", { name: `Delete ${member.username}` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete user" });
  await expect(confirm).toContainText(`Are you sure you want to delete "${member.username}"?`);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(userRow(page, member.username)).toHaveCount(1);
  await userRow(page, member.username)
    .getByRole("button", { name: `Delete ${member.username}` })
    .click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(feedback(page)).toHaveText(`User "${member.username}" deleted.`);
  await expect(userRow(page, member.username)).toHaveCount(0);
});

test("deactivate asks first, ends the user's sessions, and the row's buttons keep their places", async ({
  page,
  browser,
  createAccount,
  login,
  server,
}) => {
  const member = await createAccount({ prefix: "member" });
  // The member is logged in elsewhere: the deactivation ends that session.
  const elsewhere = await browser.newContext({ baseURL: server.baseUrl });
  const signIn = await elsewhere.request.post("/api/login", {
    data: { username: member.username, password: member.password },
    headers: { Origin: server.baseUrl },
  });
  expect(signIn.status()).toBe(200);
  await login(ownerAccount);
  await openPanel(page, "Users");

  const row = userRow(page, member.username);
  const deactivate = row.getByRole("button", { name: `Deactivate ${member.username}` });
  const remove = row.getByRole("button", { name: `Delete ${member.username}` });
  const edit = row.getByRole("button", { name: `Edit ${member.username}` });
  /** Where a button sits in its row, as its offset from the row's Edit button (the table may widen a column). */
  const place = async (button: typeof edit) => {
    const [box, origin] = [await button.boundingBox(), await edit.boundingBox()];
    return { x: Math.round((box?.x ?? 0) - (origin?.x ?? 0)), y: Math.round((box?.y ?? 0) - (origin?.y ?? 0)) };
  };
  const toggleBefore = await place(deactivate);
  const deleteBefore = await place(remove);
  await deactivate.click();
  const ask = page.getByRole("dialog", { name: "Deactivate user" });
  await expect(ask).toContainText(
    `Deactivate "${member.username}"? They are logged out at once on every browser and desktop app, and cannot log in until they are activated again.`,
  );
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(row.getByTestId("user-status")).toHaveText("Active");
  expect((await elsewhere.request.get("/api/me")).status()).toBe(200);

  await deactivate.click();
  await ask.getByRole("button", { name: "Deactivate" }).click();
  await expect(feedback(page)).toHaveText(`User "${member.username}" deactivated. Their sessions have ended.`);
  await expect(row.getByTestId("user-status")).toHaveText("Inactive");
  expect((await elsewhere.request.get("/api/me")).status()).toBe(401);

  // Activate takes Deactivate's slot; nothing else in the row moved.
  const activate = row.getByRole("button", { name: `Activate ${member.username}`, exact: true });
  expect(await place(activate)).toEqual(toggleBefore);
  expect(await place(remove)).toEqual(deleteBefore);
  await elsewhere.close();
});

test("the failure messages of section 8", async ({ page, createAccount, login }) => {
  const waiting = await createAccount({ prefix: "wait", active: false });
  const member = await createAccount({ prefix: "member" });
  await login(ownerAccount);
  await openPanel(page, "Users");

  const fail = async (method: string, pattern: string, how: "500" | "abort") => {
    await page.unrouteAll();
    await page.route(pattern, (route) => {
      if (route.request().method() !== method) return route.fallback();
      return how === "abort" ? route.abort() : route.fulfill({ status: 500, json: { error: "The database is busy." } });
    });
  };

  await fail("PATCH", "**/api/admin/users/*", "500");
  await userRow(page, waiting.username)
    .getByRole("button", { name: /^Activate/ })
    .click();
  await expect(feedback(page)).toHaveText("Failed to activate user");
  await expect(page.getByTestId("admin-feedback")).toContainText("The database is busy.");

  await fail("POST", "**/api/admin/users/*/reset-password", "500");
  await userRow(page, member.username)
    .getByRole("button", { name: /^Reset password/ })
    .click();
  await page.getByRole("dialog", { name: "Reset password" }).getByRole("button", { name: "Send reset e-mail" }).click();
  await expect(feedback(page)).toHaveText("Failed to send password reset email");

  await fail("DELETE", "**/api/admin/users/*", "500");
  await userRow(page, member.username)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("dialog", { name: "Delete user" }).getByRole("button", { name: "Delete" }).click();
  await expect(feedback(page)).toHaveText("Failed to delete user");

  await fail("DELETE", "**/api/admin/users/*", "abort");
  await userRow(page, member.username)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("dialog", { name: "Delete user" }).getByRole("button", { name: "Delete" }).click();
  await expect(feedback(page)).toHaveText("Error deleting user");
  await page.unrouteAll();
  await expect(userRow(page, member.username)).toHaveCount(1);

  // A real refusal: the new username is taken.
  await userRow(page, member.username).getByRole("button", { name: /^Edit/ }).click();
  const modal = page.getByRole("dialog", { name: "Edit User" });
  await modal.getByLabel("Username").fill(waiting.username);
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal.getByTestId("save-error-text")).toHaveText("Failed to update user");
  await expect(modal.getByTestId("save-error")).toContainText("That username is already taken.");
  await expect(modal).toBeVisible();
});

test("Edit User starts in role mode on an exact role, in custom mode otherwise", async ({
  page,
  createAccount,
  login,
}) => {
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  const custom = await createAccount({
    prefix: "cust",
    permissions: ["website:view", "website:admin:view", "projects:view", "projects:create"],
  });
  await login(ownerAccount);
  await openPanel(page, "Users");
  const modal = page.getByRole("dialog", { name: "Edit User" });

  await userRow(page, moderator.username).getByRole("button", { name: /^Edit/ }).click();
  await expect(modal.getByRole("radio", { name: /Role-based/ })).toBeChecked();
  await expect(modal.getByRole("radio", { name: /^Moderator/ })).toBeChecked();
  // The owner role is never offered.
  await expect(modal.getByTestId("role-picker").getByRole("radio")).toHaveCount(3);
  await expect(modal.getByRole("radio", { name: /^Owner/ })).toHaveCount(0);
  await expect(modal.getByRole("radio", { name: /^Administrator/ })).toBeEnabled();
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();

  await userRow(page, custom.username).getByRole("button", { name: /^Edit/ }).click();
  await expect(modal.getByRole("radio", { name: /Custom permissions/ })).toBeChecked();
  await expect(modal.getByRole("checkbox", { name: /^projects:create/ })).toBeChecked();
  await expect(modal.getByRole("checkbox", { name: /^projects:edit/ })).not.toBeChecked();
  // override:owner cannot be toggled, even by the owner.
  await expect(modal.getByRole("checkbox", { name: /^override:owner/ })).toBeDisabled();
  await expect(modal.getByRole("checkbox", { name: /^override:owner/ })).not.toBeChecked();
  // Switching to role mode with no matching role: nothing is picked yet.
  await modal.getByText("Role-based").click();
  await expect(modal.getByTestId("role-picker").getByRole("radio", { checked: true })).toHaveCount(0);
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal.getByTestId("save-error-text")).toHaveText("Choose a role, or switch to custom permissions.");
});

test("editing a user: role and custom modes, the effective-permissions preview, saving", async ({
  page,
  createAccount,
  login,
}) => {
  const member = await createAccount({ prefix: "mem" });
  await login(ownerAccount);
  await openPanel(page, "Users");
  const modal = page.getByRole("dialog", { name: "Edit User" });
  const preview = modal.getByTestId("effective-permissions");

  await userRow(page, member.username).getByRole("button", { name: /^Edit/ }).click();
  await expect(modal.getByRole("radio", { name: /^User/ })).toBeChecked();
  await expect(preview).toContainText("View the public website.");
  await expect(preview).not.toContainText("Open the admin panel");

  await modal.getByRole("radio", { name: /^Moderator/ }).check();
  await expect(preview.getByTestId("role-badge")).toHaveText("Moderator");
  await expect(preview).toContainText("Open the admin panel: the Dashboard and the Settings tab.");
  await expect(preview).toContainText("See the Users tab and the audit log.");
  await expect(preview).toContainText("Unsaved change");

  await modal.getByText("Custom permissions", { exact: true }).click();
  await expect(modal.getByRole("checkbox", { name: /^users:view/ })).toBeChecked();
  await modal.getByRole("checkbox", { name: /^projects:create/ }).check();
  await expect(preview.getByTestId("role-badge")).toHaveText("Moderator(custom)");
  await expect(preview).toContainText("Create projects.");
  await modal.getByRole("checkbox", { name: /^website:admin:view/ }).uncheck();
  await expect(preview).toContainText("Without website:admin:view the admin panel stays closed");
  await modal.getByRole("checkbox", { name: /^website:admin:view/ }).check();

  const renamed = `${member.username}x`.slice(0, 32);
  await modal.getByLabel("Username").fill(renamed);
  const save = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/api/admin/users/"));
  await modal.getByRole("button", { name: "Save Changes" }).click();
  expect((await save).postDataJSON()).toEqual({
    username: renamed,
    permissions: ["website:view", "website:admin:view", "projects:view", "projects:create", "users:view"],
  });
  await expect(modal).toBeHidden();
  await expect(feedback(page)).toHaveText(`User "${renamed}" updated.`);
  const row = userRow(page, renamed);
  await expect(row.getByTestId("role-badge")).toHaveText("Moderator(custom)");
  await expect(row.locator("[data-permission]")).toHaveCount(5);
});

test("nobody grants what they do not hold; without users:permissions only the username changes", async ({
  page,
  createAccount,
  login,
}) => {
  const partial = await createAccount({
    prefix: "part",
    permissions: ["website:view", "website:admin:view", "users:view", "users:edit", "users:permissions"],
  });
  const renamer = await createAccount({
    prefix: "ren",
    permissions: ["website:view", "website:admin:view", "users:view", "users:edit"],
  });
  const member = await createAccount({ prefix: "mem" });
  const modal = page.getByRole("dialog", { name: "Edit User" });

  await login(partial);
  await openPanel(page, "Users");
  await userRow(page, member.username).getByRole("button", { name: /^Edit/ }).click();
  await expect(modal.getByRole("radio", { name: /^Administrator/ })).toBeDisabled();
  await expect(modal.getByRole("radio", { name: /^Moderator/ })).toBeDisabled();
  await expect(modal.getByTestId("role-picker")).toContainText(
    "You cannot grant permissions you do not hold: projects:view.",
  );
  await modal.getByText("Custom permissions", { exact: true }).click();
  await expect(modal.getByRole("checkbox", { name: /^projects:delete/ })).toBeDisabled();
  await expect(modal.getByText(/You do not hold this permission/).first()).toBeVisible();
  await modal.getByRole("checkbox", { name: /^users:view/ }).check();
  await modal.getByRole("checkbox", { name: /^website:admin:view/ }).check();
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  await expect(userRow(page, member.username).locator("[data-permission]")).toHaveText([
    "website:view",
    "website:admin:view",
    "users:view",
  ]);

  await page.context().clearCookies();
  await login(renamer);
  await openPanel(page, "Users");
  // A user holding a permission the viewer lacks cannot be managed at all.
  await expect(userRow(page, partial.username).getByRole("button")).toHaveCount(0);
  await userRow(page, member.username).getByRole("button", { name: /^Edit/ }).click();
  await expect(modal).toContainText("Changing permissions needs the users:permissions permission.");
  await modal.getByText("Custom permissions", { exact: true }).click();
  await expect(modal.getByRole("checkbox", { name: /^website:view/ })).toBeDisabled();
  await modal.getByLabel("Username").fill(`${member.username}r`.slice(0, 32));
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  await expect(userRow(page, `${member.username}r`.slice(0, 32))).toHaveCount(1);
});

test("Edit User is a proper dialog: focus inside, Escape closes, focus returns", async ({
  page,
  createAccount,
  login,
}) => {
  const member = await createAccount({ prefix: "mem" });
  await login(ownerAccount);
  await openPanel(page, "Users");
  const edit = userRow(page, member.username).getByRole("button", { name: /^Edit/ });
  await edit.click();
  const modal = page.getByRole("dialog", { name: "Edit User" });
  await expect(modal.getByLabel("Username")).toBeFocused();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(edit).toBeFocused();
});
