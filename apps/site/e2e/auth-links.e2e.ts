/**
 * Used or unknown activation and reset links show a friendly page with a way to a new link; sign-up
 * success points to the activation e-mail; /login while logged in goes where a logged-in user belongs, with
 * no login form on the way. Runs against the real server and its mail outbox.
 */
import type { Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { waitForMailLink } from "../scripts/testing/eml.ts";
import type { RealServer } from "../scripts/testing/real-server.mjs";
import { expect, gotoReady, OWNER, testWithServer as test, uniqueName } from "./fixtures.ts";

const message = (page: Page) => page.getByTestId("form-message");
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");

/** Signs up through the form and answers the new account's name, address and activation link. */
async function signUp(page: Page, server: RealServer, password = "first-secret") {
  const username = uniqueName("link");
  const email = `${username}@example.test`;
  const since = Date.now() - 1000;
  await gotoReady(page, "/login");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(message(page)).toHaveText(
    `Account created. We sent an activation link to ${email}. Open it, then log in.`,
  );
  const link = await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since });
  return { username, email, password, link };
}

/** Logs the page's browser in through the API, as the site's own login does (session and hint cookies). */
async function logInThroughApi(page: Page, server: RealServer, username: string, password: string) {
  const origin = server.baseUrl;
  const res = await page.request.post("/api/login", { data: { username, password }, headers: { origin } });
  expect(res.status(), `login ${username}`).toBe(200);
  await page.context().addCookies([{ name: "loggedIn", value: "1", url: origin }]);
}

test.describe("sign-up success", () => {
  test("says one thing: the account exists and the mailed link activates it, also back in login mode", async ({
    page,
    server,
  }) => {
    const { email } = await signUp(page, server);
    const said = `Account created. We sent an activation link to ${email}. Open it, then log in.`;
    // No second box beside it telling a different story.
    await expect(page.getByRole("alert").or(page.getByRole("status"))).toHaveText([said]);
    // Back to login mode after 2 s (spec), with the message kept until the visitor moves on.
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible({ timeout: 4000 });
    await expect(message(page)).toHaveText(said);
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(message(page)).toHaveCount(0);
  });
});

test.describe("a used activation link", () => {
  test("shows the friendly page; a new activation link comes from its form and works", async ({ page, server }) => {
    const { email, link } = await signUp(page, server);
    // An older link stops working once a new one is sent: ask for one from a dead link's page.
    await gotoReady(page, "/activate-account?token=an-unknown-token");
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("This link is invalid or has already been used. Please request a new one.");
    expect(await seriousViolations(page)).toEqual([]);

    const form = page.getByRole("form", { name: "Get a new activation link" });
    await form.getByRole("button", { name: "Send New Activation Link" }).click();
    // At its field: marked, described and focused; the form's message box stays empty.
    const emailField = form.getByLabel("Email", { exact: true });
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toHaveAccessibleDescription("Please enter your email address.");
    await expect(emailField).toBeFocused();
    await expect(page.getByTestId("new-link-message")).toHaveCount(0);
    const since = Date.now() - 1000;
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("button", { name: "Send New Activation Link" }).click();
    await expect(page.getByTestId("new-link-message")).toHaveText(
      "Check your email: if that address has an account waiting for activation, a new activation link is on its way.",
    );
    const fresh = await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since, except: [link] });
    expect(fresh).not.toBe(link);

    // The first link was superseded: it now lands on the friendly page.
    await gotoReady(page, pathOf(link));
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("This link is invalid or has already been used. Please request a new one.");
    await expect(page.getByRole("button", { name: "Activate Account" })).toHaveCount(0);

    await gotoReady(page, pathOf(fresh));
    // The page promises what activation does: it does not log anyone in.
    await expect(page.getByText("Activate it here, then log in with your username and password.")).toBeVisible();
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");
  });
});

test.describe("a used reset link", () => {
  test("shows the friendly page with the forgot-password form, which sends a new link", async ({ page, server }) => {
    const { email, link } = await signUp(page, server);
    await gotoReady(page, pathOf(link));
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");

    const since = Date.now() - 1000;
    const ask = await page.request.post("/api/forgot-password", {
      data: { email },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(ask.status()).toBe(200);
    const reset = await waitForMailLink(server.outboxDir, email, "/reset-password", { after: since });
    const use = async () => {
      await gotoReady(page, pathOf(reset));
      await page.getByLabel("New password", { exact: true }).fill("second-secret");
      await page.getByLabel("Confirm new password", { exact: true }).fill("second-secret");
      await page.getByRole("button", { name: "Reset Password" }).click();
    };
    await use();
    await expect(message(page)).toHaveText("Password reset successfully! Redirecting to login...");

    // Opened again, the used link says so at once: no form to fill first.
    await gotoReady(page, pathOf(reset));
    await expect(message(page)).toHaveText("This link is invalid or has already been used. Please request a new one.");
    await expect(page.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    const again = Date.now() - 1000;
    const form = page.getByRole("form", { name: "Get a new reset link" });
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByTestId("new-link-message")).toHaveText(
      "If an account uses this address, we have sent a link.",
    );
    expect(
      await waitForMailLink(server.outboxDir, email, "/reset-password", { after: again, except: [reset] }),
    ).not.toBe(reset);
  });
});

test.describe("an expired link", () => {
  test("reset: the check's 'expired' answer shows the friendly page as it opens, with no form to fill", async ({
    page,
  }) => {
    // The server's real answer for an expired token (its clock cannot be moved from the browser).
    await page.route("**/api/reset-password/check", (route) =>
      route.fulfill({ status: 400, json: { error: "This link has expired. Please request a new one." } }),
    );
    await gotoReady(page, "/reset-password?token=expired-token");
    await expect(message(page)).toHaveText("This link has expired. Please request a new one.");
    await expect(page.getByText("This reset link can't be used.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Get a new reset link" })).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });

  test("reset: a password the server refuses keeps the form, with the server's message", async ({ page }) => {
    await page.route("**/api/reset-password/check", (route) =>
      route.fulfill({ status: 200, json: { message: "This reset link can be used." } }),
    );
    await page.route("**/api/reset-password", (route) =>
      route.fulfill({ status: 400, json: { error: "Password must be at most 72 bytes long." } }),
    );
    await gotoReady(page, "/reset-password?token=live-token");
    await page.getByLabel("New password", { exact: true }).fill("new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("new-secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(message(page)).toHaveText("Password must be at most 72 bytes long.");
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible();
  });

  test("activation: the server's 'expired' answer offers a new activation link", async ({ page }) => {
    await page.route("**/api/activate-account", (route) =>
      route.fulfill({ status: 400, json: { error: "This link has expired. Please request a new one." } }),
    );
    await gotoReady(page, "/activate-account?token=expired-token");
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("This link has expired. Please request a new one.");
    await expect(page.getByRole("button", { name: "Activate Account" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Get a new activation link" })).toBeVisible();
  });
});

test.describe("/login while logged in", () => {
  test("the owner is sent to the admin panel: the server redirects before any login form is sent", async ({
    page,
    server,
  }) => {
    await gotoReady(page, "/");
    await logInThroughApi(page, server, OWNER.username, OWNER.password);
    const forms: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "document" && response.status() === 200) {
        if ((await response.text()).includes('data-testid="login-form"')) forms.push(response.url());
      }
    });
    const response = await page.goto("/login");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/login$/);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
    expect(forms).toEqual([]);
  });

  test("a user without the admin panel goes home, also when moving to /login inside the site", async ({
    page,
    server,
  }) => {
    const { username, password, link } = await signUp(page, server, "plain-secret");
    await gotoReady(page, pathOf(link));
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");
    await logInThroughApi(page, server, username, password);

    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("logout-button")).toBeVisible();

    // Inside the app: the hero's hidden 'a' links to /login; a logged-in visitor never sees the form.
    await page.getByTestId("hidden-a").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("login-form")).toHaveCount(0);
    await expect(page.getByTestId("last-seen-badge")).toBeVisible();
  });

  test("logged out, /login shows the login form as before", async ({ page }) => {
    await gotoReady(page, "/login");
    await expect(page.getByTestId("login-form")).toBeVisible();
  });
});
