/**
 * The Devices panel of the Users tab (docs/security.md, promise 26): staff with users:edit see a user's desktop app tokens
 * and revoke them; the owner's tokens are the owner's alone.
 */
import type { APIRequestContext } from "@playwright/test";
import {
  type Account,
  expect,
  feedback,
  openPanel,
  ownerAccount,
  ROLE_PERMISSIONS,
  test,
  userRow,
} from "./admin-support.ts";

test.describe.configure({ timeout: 90_000 });

/** Connects a desktop app as the account does: a session, then a named token minted with the password. */
async function connectDesktop(api: APIRequestContext, baseUrl: string, account: Account, name: string) {
  const headers = { Origin: baseUrl };
  const login = await api.post(`${baseUrl}/api/login`, {
    data: { username: account.username, password: account.password },
    headers,
  });
  expect(login.status(), `login ${account.username}`).toBe(200);
  const created = await api.post(`${baseUrl}/api/sync/tokens`, {
    data: { name, password: account.password },
    headers,
  });
  expect(created.status(), `token for ${account.username}`).toBe(201);
  const { token } = (await created.json()) as { token: string };
  return {
    pull: async () =>
      (await api.get(`${baseUrl}/api/sync/pull`, { headers: { Authorization: `Bearer ${token}` } })).status(),
  };
}

test("the owner revokes a user's desktop app token and ends their session from the Devices panel", async ({
  page,
  playwright,
  server,
  createAccount,
  login,
}) => {
  const member = await createAccount({ prefix: "desk", permissions: ROLE_PERMISSIONS.moderator });
  const api = await playwright.request.newContext();
  const desktop = await connectDesktop(api, server.baseUrl, member, "Studio PC");
  expect(await desktop.pull()).toBe(200);

  await login(ownerAccount);
  await openPanel(page, "Users");
  const opener = userRow(page, member.username).getByRole("button", { name: `Devices ${member.username}` });
  await opener.click();
  const panel = page.getByTestId("user-devices");
  await expect(panel.getByRole("heading", { name: `Devices of "${member.username}"` })).toBeVisible();
  const row = panel.getByTestId("device-token-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Studio PC");
  await expect(row).toContainText("Last used");
  await expect(row.getByTestId("device-token-expiry")).toHaveText(/^expires [A-Z][a-z]{2} \d{1,2}, \d{4} unless used$/);

  await row.getByRole("button", { name: "Revoke device token Studio PC" }).click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(
    `Revoke "${member.username}"'s device token "Studio PC"? The desktop app that holds it stops syncing until it connects again.`,
  );
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(feedback(page)).toHaveText(`Device token "Studio PC" of "${member.username}" revoked.`);
  await expect(panel.getByTestId("device-tokens-empty")).toHaveText(
    `No desktop app is connected to the account "${member.username}".`,
  );
  expect(await desktop.pull()).toBe(401);

  // The session the desktop app signed in with is listed beside the tokens, and ends from here too.
  const sessions = panel.getByTestId("user-sessions");
  await expect(sessions.getByTestId("session-row")).toHaveCount(1);
  await sessions.getByRole("button", { name: /^End session on / }).click();
  await expect(feedback(page)).toHaveText(/^Session on .+ ended\.$/);
  await expect(sessions).toContainText(`"${member.username}" is not logged in anywhere.`);

  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toHaveCount(0);
  await expect(opener).toBeFocused();
  await api.dispose();
});

test("an administrator gets no Devices button on the owner's row, and one on their own", async ({
  page,
  createAccount,
  login,
}) => {
  const admin = await createAccount({ prefix: "devadmin", permissions: ROLE_PERMISSIONS.admin });
  await login(admin);
  await openPanel(page, "Users");
  await expect(userRow(page, admin.username).getByRole("button", { name: `Devices ${admin.username}` })).toBeVisible();
  await expect(userRow(page, "owner")).toContainText("No actions available");
  await expect(userRow(page, "owner").getByRole("button", { name: "Devices owner" })).toHaveCount(0);

  await userRow(page, admin.username)
    .getByRole("button", { name: `Devices ${admin.username}` })
    .click();
  await expect(page.getByTestId("user-devices").getByTestId("device-tokens-empty")).toHaveText(
    `No desktop app is connected to the account "${admin.username}".`,
  );
});
