/**
 * The owner's 'Require a second factor for staff' and an admin's 'Remove second factors' through
 * the panel, with the keyboard where a person would use it. Authenticator codes are computed from the secret
 * (RFC 6238), recovery codes come from the set-up's answer.
 */
import { createHmac } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import {
  expect,
  feedback,
  loginAs,
  OWNER,
  openPanel,
  openSettings,
  ROLE_PERMISSIONS,
  test,
  userRow,
} from "./admin-support.ts";

// A fresh database for each test: this file the owner turns on a second factor and the site-wide rule for staff, which every other test's owner login would meet.
test.use({ ownServer: true });

// docs/security.md, promise 30: where the owner requires it, staff must use a second factor; a lost phone is recoverable by an admin.
test.describe.configure({ timeout: 90_000 });

const MUST_ENROL = "Set up two-factor authentication to use the admin panel.";

/** RFC 6238 (SHA-1, 30 s, 6 digits): what an authenticator app shows at `at`. */
function totp(secret: string, at: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/\s+/g, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = (digest[19] ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Turns the authenticator app on for a logged-in API client; answers the recovery codes. */
async function enableTotp(api: APIRequestContext, password: string): Promise<string[]> {
  const started = await api.post("/api/account/totp", { data: { password } });
  expect(started.status(), "totp start").toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await api.post("/api/account/totp/confirm", { data: { code: totp(secret, Date.now()) } });
  expect(confirmed.status(), "totp confirm").toBe(200);
  return ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;
}

/** Logs the page in with the password, then a recovery code as the second step. */
async function loginWithRecoveryCode(
  page: Page,
  baseUrl: string,
  account: { username: string; password: string },
  code: string,
) {
  const headers = { Origin: baseUrl };
  const login = await page.request.post(`${baseUrl}/api/login`, {
    data: { username: account.username, password: account.password },
    headers,
  });
  expect(await login.json()).toHaveProperty("secondFactor");
  const second = await page.request.post(`${baseUrl}/api/login/second-factor`, {
    data: { recoveryCode: code },
    headers,
  });
  expect(second.status(), "second step").toBe(200);
  await page.context().addCookies([{ name: "loggedIn", value: "1", url: baseUrl }]);
}

async function pageOf(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl });
  return context.newPage();
}

test("the owner requires a second factor of staff; a staff member without one is sent to set one up", async ({
  page,
  browser,
  server,
  ownerApi,
  createAccount,
}) => {
  const member = await createAccount({ prefix: "staff", permissions: ROLE_PERMISSIONS.moderator });
  const codes = await enableTotp(ownerApi, OWNER.password);
  await loginWithRecoveryCode(page, server.baseUrl, OWNER, codes[0] ?? "");
  await openSettings(page, "Security");

  const section = page.getByTestId("security-settings");
  const toggle = section.getByRole("switch", { name: "Require a second factor for staff" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toHaveAccessibleDescription(/^1 staff member has no second factor yet\. Staff are everyone/);
  const found = await seriousViolations(page, { where: "Settings, Security" });

  // Keyboard only: Space on the switch asks first; Cancel has the focus, Tab and Enter confirm.
  await toggle.focus();
  await page.keyboard.press("Space");
  const dialog = page.getByTestId("require-staff-confirm");
  await expect(dialog.getByRole("heading", { name: "Require a second factor for staff?" })).toBeVisible();
  await expect(dialog).toContainText(
    "1 staff member has no second factor yet. Until they set one up, the admin panel stays closed to them and sends them to Account security.",
  );
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  found.push(...(await seriousViolations(page, { where: "Settings, Security, confirmation" })));
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Require it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(feedback(page)).toHaveText("Staff now need a second factor to use the admin panel.");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(toggle).toBeFocused();

  const staff = await pageOf(browser, server.baseUrl);
  const login = await staff.request.post("/api/login", {
    data: { username: member.username, password: member.password },
    headers: { Origin: server.baseUrl },
  });
  expect(login.status()).toBe(200);
  await staff.context().addCookies([{ name: "loggedIn", value: "1", url: server.baseUrl }]);
  await staff.goto("/admin/settings");
  await expect(staff).toHaveURL(/\/account#security$/);
  await expect(staff.getByTestId("second-factor-required")).toHaveText(
    "The owner requires staff to use two-factor authentication. Set up an authenticator app or a passkey to use the admin panel.",
  );
  const refused = await staff.request.get("/api/admin/users");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: MUST_ENROL });
  await staff.context().close();

  // Turning it off asks nothing.
  await page.keyboard.press("Space");
  await expect(feedback(page)).toHaveText("Staff no longer need a second factor to use the admin panel.");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(found).toEqual([]);
});

test("an admin removes a user's second factors from the Devices panel; staff without users:permissions are told why not", async ({
  page,
  browser,
  server,
  playwright,
  createAccount,
  login,
}) => {
  const member = await createAccount({ prefix: "lost", permissions: ROLE_PERMISSIONS.user });
  const memberApi = await playwright.request.newContext({
    baseURL: server.baseUrl,
    extraHTTPHeaders: { Origin: server.baseUrl },
  });
  expect(
    (await memberApi.post("/api/login", { data: { username: member.username, password: member.password } })).status(),
  ).toBe(200);
  await enableTotp(memberApi, member.password);
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  const editor = await createAccount({
    prefix: "ed",
    permissions: ["website:view", "website:admin:view", "users:view", "users:edit"],
  });

  // Staff with users:edit but not users:permissions: the button stays, unavailable, and says why when pressed.
  const editorPage = await pageOf(browser, server.baseUrl);
  await loginAs(editorPage, server.baseUrl, editor);
  await openPanel(editorPage, "Users");
  await userRow(editorPage, member.username)
    .getByRole("button", { name: `Devices ${member.username}` })
    .click();
  const refusedButton = editorPage
    .getByTestId("user-second-factors")
    .getByRole("button", { name: "Remove second factors" });
  await expect(refusedButton).toHaveAttribute("aria-disabled", "true");
  await expect(refusedButton).toHaveAccessibleDescription(
    "You do not have permission to remove a user's two-factor authentication.",
  );
  // Focusable and pressable from the keyboard (Playwright's click refuses an aria-disabled control).
  await refusedButton.focus();
  await editorPage.keyboard.press("Enter");
  await expect(editorPage.getByTestId("permission-alert")).toHaveText(
    "You do not have permission to remove a user's two-factor authentication.",
  );
  await editorPage.context().close();

  await login(admin);
  await openPanel(page, "Users");
  await userRow(page, member.username)
    .getByRole("button", { name: `Devices ${member.username}` })
    .click();
  const part = page.getByTestId("user-second-factors");
  await expect(part.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  const remove = part.getByRole("button", { name: "Remove second factors" });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("remove-second-factors-confirm");
  await expect(dialog).toContainText(
    `Remove every second factor of "${member.username}": their authenticator app, recovery codes and passkeys? Until they set up a new one, their password alone signs them in. They are told by e-mail.`,
  );
  const found = await seriousViolations(page, { where: "Users, Devices, remove second factors" });
  await dialog.getByRole("button", { name: "Remove second factors" }).click();
  await expect(feedback(page)).toHaveText(
    `The second factors of "${member.username}" were removed. They can sign in with their password and set up a new one.`,
  );
  await expect(remove).toBeFocused();

  // The password alone signs in again.
  const again = await playwright.request.newContext({
    baseURL: server.baseUrl,
    extraHTTPHeaders: { Origin: server.baseUrl },
  });
  const relogin = await again.post("/api/login", { data: { username: member.username, password: member.password } });
  expect(await relogin.json()).toMatchObject({ username: member.username });

  // Nothing left: the server's answer is said in place.
  await remove.click();
  await dialog.getByRole("button", { name: "Remove second factors" }).click();
  await expect(part.getByTestId("nothing-to-remove")).toHaveText("This user has no second factor to remove.");
  expect(found).toEqual([]);
  await memberApi.dispose();
  await again.dispose();
});

test("an owner without a second factor is warned first, and is sent to Account security once it is on", async ({
  page,
  login,
}) => {
  await login(OWNER);
  await openSettings(page, "Security");
  const toggle = page.getByRole("switch", { name: "Require a second factor for staff" });
  await expect(toggle).toHaveAccessibleDescription(/^1 staff member has no second factor yet \(you\)\./);
  await toggle.click();
  const dialog = page.getByTestId("require-staff-confirm");
  await expect(dialog).toContainText(
    "You have no second factor either: the admin panel closes for you too until you set one up under Account security.",
  );
  await dialog.getByRole("button", { name: "Require it" }).click();
  await expect(page).toHaveURL(/\/account#security$/);
  await expect(page.getByTestId("second-factor-required")).toBeVisible();
});
