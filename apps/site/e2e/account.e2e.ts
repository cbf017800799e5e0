/**
 * The account page of every signed-in user, plain users included, who cannot open the admin
 * panel: /account changes the password and lists and ends the sessions; it is reachable from the home page,
 * asks a logged-out visitor to log in, and stays out of search engines.
 */

import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { expect, ownerAccount, test } from "./admin-support.ts";

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

test("a plain user reaches their account from the home page, changes the password and ends a session", async ({
  page,
  login,
  createAccount,
  browser,
  server,
}) => {
  const user = await createAccount({ prefix: "plain" });
  const other = await browser.newContext({
    baseURL: server.baseUrl,
    userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/140.0",
  });
  const otherLogin = await other.request.post("/api/login", {
    data: { username: user.username, password: user.password },
    headers: { Origin: server.baseUrl },
  });
  expect(otherLogin.status()).toBe(200);

  await login(user);
  await page.goto("/");
  await expect(page.getByTestId("logout-button")).toBeVisible();
  await expect(page.getByTestId("admin-button")).toHaveCount(0);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(page.getByTestId("account-page")).toContainText(`Signed in as ${user.username}.`);

  const sessions = page.getByTestId("sessions-list");
  await expect(sessions.getByTestId("session-row")).toHaveCount(2);
  await sessions.getByRole("button", { name: /^End session on Firefox on Windows/ }).click();
  await expect(page.getByTestId("admin-feedback-text")).toHaveText("Session on Firefox on Windows ended.");
  await expect(sessions.getByTestId("session-row")).toHaveCount(1);
  expect((await other.request.get("/api/me")).status()).toBe(401);

  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password", { exact: true }).fill(user.password);
  await form.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-pass");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("admin-feedback-text")).toHaveText(
    "Password changed. Your other sessions have been logged out.",
  );
  const relogin = await other.request.post("/api/login", {
    data: { username: user.username, password: "brand-new-pass" },
    headers: { Origin: server.baseUrl },
  });
  expect(relogin.status()).toBe(200);
  await other.close();

  expect(await seriousViolations(page, { where: "Account page" })).toEqual([]);
});

test("logged out, /account asks to log in", async ({ page }) => {
  await page.goto("/account");
  await expect(page.getByTestId("account-login-prompt")).toContainText(
    "Log in to change your password and see your sessions.",
  );
  await page.getByTestId("account-login-prompt").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the account page is noindex, out of the sitemap and disallowed in robots.txt", async ({ request }) => {
  const html = await (await request.get("/account")).text();
  expect(html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/account");
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /account");
});

test("staff reach the same account pieces from the panel; the page works for them too", async ({ page, login }) => {
  await login(ownerAccount);
  await page.goto("/account");
  await expect(page.getByRole("form", { name: "Change password" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("sessions-list")).toBeVisible();
});
