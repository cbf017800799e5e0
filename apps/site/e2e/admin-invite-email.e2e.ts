/**
 * End to end: staff invite a user from the Users tab and the invited person chooses a password
 * from the mailed link; staff correct a user's e-mail address and its owner confirms it from the link mailed
 * to the new address. Each link works once. Runs against the real server and its mail outbox.
 */
import { MESSAGES } from "@portfolio/core/domain";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { waitForMailLink } from "../scripts/testing/eml.ts";
import { expect, feedback, openPanel, ownerAccount, test, uniqueName, userRow } from "./admin-support.ts";

test.describe.configure({ timeout: 90_000 });

test("an invitation: the owner invites, the invited person chooses a password and logs in", async ({
  page,
  browser,
  login,
  server,
}) => {
  const username = uniqueName("guest");
  const email = `${username}@example.test`;
  await login(ownerAccount);
  await openPanel(page, "Users");

  const since = Date.now() - 1000;
  await page.getByRole("button", { name: "Invite user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite user" });
  await expect(modal.getByLabel("Username")).toBeFocused();
  // A bad e-mail address is named at its field, which takes focus; nothing is sent.
  await modal.getByLabel("Username").fill(username);
  await modal.getByLabel("E-mail address").fill("not-an-address");
  await modal.getByRole("button", { name: "Send Invitation" }).click();
  await expect(modal.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  await expect(modal.getByLabel("E-mail address")).toBeFocused();
  await expect(modal.getByTestId("field-error")).toHaveCount(1);
  await expect(modal.getByLabel("Username")).not.toHaveAttribute("aria-invalid", "true");
  await modal.getByLabel("E-mail address").fill(email);
  await modal.getByRole("radio", { name: /Moderator/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await modal.getByRole("button", { name: "Send Invitation" }).click();
  await expect(feedback(page)).toHaveText(
    `Invitation sent to ${email}. "${username}" stays inactive until they choose a password from the link.`,
  );
  const row = userRow(page, username);
  await expect(row.getByTestId("user-status")).toHaveText("Inactive");
  await expect(row.getByTestId("invitation-pending")).toHaveText("Pending invitation");
  await expect(row.getByTestId("role-badge")).toHaveText("Moderator");

  const link = await waitForMailLink(server.outboxDir, email, "/accept-invitation", { after: since });
  const guest = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  await guest.goto(link);
  const form = guest.getByTestId("invitation-form");
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Activate Account" }).click();
  // What was typed is checked at its field: marked invalid, described and focused.
  const chosen = form.getByRole("textbox", { name: "Password", exact: true });
  const confirm = form.getByRole("textbox", { name: "Confirm password" });
  await expect(chosen).toHaveAttribute("aria-invalid", "true");
  await expect(chosen).toBeFocused();
  await expect(form.getByTestId("field-error")).toHaveText([MESSAGES.fillAllFields]);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill("chosen-1");
  await form.getByRole("textbox", { name: "Confirm password" }).fill("chosen-2");
  await form.getByRole("button", { name: "Activate Account" }).click();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toBeFocused();
  await expect(form.getByTestId("field-error")).toHaveText([MESSAGES.passwordsMismatch]);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill("short");
  await form.getByRole("textbox", { name: "Confirm password" }).fill("short");
  await form.getByRole("button", { name: "Activate Account" }).click();
  await expect(chosen).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByTestId("field-error")).toHaveText([MESSAGES.passwordTooShort]);
  await expect(guest.getByTestId("form-message")).toHaveCount(0);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill("chosen-pass-1");
  await form.getByRole("textbox", { name: "Confirm password" }).fill("chosen-pass-1");
  await form.getByRole("button", { name: "Activate Account" }).click();
  await expect(guest.getByTestId("form-message")).toHaveText(
    `Your account is ready. You can now log in as ${username}.`,
  );
  await expect(guest).toHaveURL(/\/login$/, { timeout: 10_000 });
  const loggedIn = await guest.request.post("/api/login", {
    data: { username, password: "chosen-pass-1" },
    headers: { Origin: server.baseUrl },
  });
  expect(loggedIn.status()).toBe(200);

  // The link worked once: opened again, it says so at once, with the way to a new invitation link.
  await guest.goto(link);
  await expect(guest.getByTestId("link-problem")).toBeVisible();
  await expect(guest.getByTestId("form-message")).toHaveText(MESSAGES.tokenInvalid);

  await page.reload();
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(userRow(page, username).getByTestId("user-status")).toHaveText("Active");
  await expect(userRow(page, username).getByTestId("invitation-pending")).toHaveCount(0);
});

test("an e-mail correction: staff set the new address, its owner confirms it from the mailed link", async ({
  page,
  browser,
  createAccount,
  login,
  server,
}) => {
  const member = await createAccount({ prefix: "member" });
  const newEmail = `${member.username}.new@example.test`;
  await login(ownerAccount);
  await openPanel(page, "Users");

  const since = Date.now() - 1000;
  await userRow(page, member.username)
    .getByRole("button", { name: `Change e-mail ${member.username}` })
    .click();
  const modal = page.getByRole("dialog", { name: "Change e-mail" });
  await expect(modal.getByTestId("change-email-note")).toContainText("A confirmation mail goes to the new address.");
  await modal.getByLabel("New e-mail address").fill(newEmail);
  await modal.getByRole("button", { name: "Send Confirmation" }).click();
  await expect(feedback(page)).toHaveText(
    `Confirmation sent to ${newEmail}. The address of "${member.username}" changes once the link in it is opened.`,
  );
  const row = userRow(page, member.username);
  await expect(row).toContainText(member.email);
  await expect(row.getByTestId("pending-email")).toHaveText(`Pending: ${newEmail} (awaiting confirmation)`);

  const link = await waitForMailLink(server.outboxDir, newEmail, "/confirm-email", { after: since });
  const visitor = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  await visitor.goto(link);
  await visitor.getByRole("button", { name: "Confirm E-mail Address" }).click();
  await expect(visitor.getByTestId("form-message")).toHaveText(MESSAGES.emailChangeConfirmed);

  await visitor.goto(link);
  await expect(visitor.getByTestId("form-message")).toHaveText(MESSAGES.tokenInvalid);
  await expect(visitor.getByRole("button", { name: "Confirm E-mail Address" })).toHaveCount(0);

  await page.reload();
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(userRow(page, member.username)).toContainText(newEmail);
  await expect(userRow(page, member.username).getByTestId("pending-email")).toHaveCount(0);
});

test("a waiting invitation sent again: the new link works, the first one no longer does", async ({
  page,
  browser,
  login,
  ownerApi,
  server,
}) => {
  const username = uniqueName("again");
  const email = `${username}@example.test`;
  const since = Date.now() - 1000;
  const invited = await ownerApi.post("/api/admin/users/invite", {
    data: { username, email, permissions: ["website:view"] },
  });
  expect(invited.status()).toBe(201);
  const first = await waitForMailLink(server.outboxDir, email, "/accept-invitation", { after: since });

  await login(ownerAccount);
  await openPanel(page, "Users");
  const row = userRow(page, username);
  await expect(row.getByTestId("invitation-pending")).toHaveText("Pending invitation");
  await expect(row.getByRole("button", { name: `Reset password ${username}` })).toHaveCount(0);
  const resentSince = Date.now() - 1000;
  await row.getByRole("button", { name: `Resend invitation ${username}` }).click();
  await expect(feedback(page)).toHaveText(
    `A new invitation link was sent to ${email}. The earlier link no longer works.`,
  );
  const second = await waitForMailLink(server.outboxDir, email, "/accept-invitation", {
    after: resentSince,
    except: [first],
  });

  const guest = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  await guest.goto(first);
  await expect(guest.getByTestId("link-problem")).toBeVisible();
  await guest.goto(second);
  await expect(guest.getByTestId("invitation-form")).toBeVisible();
});

test("a deactivated user's 'Change e-mail' stays in place, disabled, saying to reactivate first", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  const member = await createAccount({ prefix: "off" });
  expect((await ownerApi.patch(`/api/admin/users/${member.id}`, { data: { isActive: false } })).status()).toBe(200);
  await login(ownerAccount);
  await openPanel(page, "Users");
  const change = userRow(page, member.username).getByRole("button", { name: `Change e-mail ${member.username}` });
  await expect(change).toBeDisabled();
  await expect(change).toHaveAccessibleDescription(
    "This account is deactivated: reactivate it before changing its e-mail address, so no mail goes to it meanwhile.",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
