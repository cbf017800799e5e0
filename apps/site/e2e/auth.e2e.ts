import type { Page } from "@playwright/test";
import { waitForMailLink } from "../scripts/testing/eml.ts";
import {
  expect,
  expectAfterExactly,
  gate,
  gotoReady,
  OWNER,
  pauseClock,
  testWithServer as test,
  uniqueName,
} from "./fixtures.ts";

const message = (page: Page) => page.getByTestId("form-message");

/**
 * A check of what was typed answers at its field: the field is marked invalid, described by
 * the spec's message (before any hint), and focused; the form's message box stays for the server's answers.
 */
async function expectFieldError(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(field).toBeFocused();
  await expect(page.getByTestId("field-error")).toHaveText([text]);
  await expect(message(page)).toHaveCount(0);
}

/** The token pages send the visitor to /login 3 s after a success (spec), on the page's paused clock. */
async function expectRedirectToLoginAfter3s(page: Page) {
  await expectAfterExactly(
    page,
    3000,
    () => expect(page).not.toHaveURL(/\/login$/),
    () => expect(page).toHaveURL(/\/login$/),
  );
  await page.clock.resume();
}

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Fills and sends the sign-up form; `beforeSubmit` runs just before the click (e.g. to pause the page's clock). */
async function signUp(
  page: Page,
  username: string,
  email: string,
  password: string,
  beforeSubmit: () => Promise<void> = async () => {},
) {
  await gotoReady(page, "/login");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await beforeSubmit();
  await page.getByRole("button", { name: "Sign Up" }).click();
}

test.describe("login screen validation (spec sections 5 and 8)", () => {
  test("the form checks load when the visitor starts on the form, not with the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await gotoReady(page, "/login");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => /\/(validation|form-rules)-/.test(path))).toEqual([]);

    const loaded = page.waitForRequest((request) => /\/form-rules-[^/]*\.js$/.test(request.url()));
    await page.getByLabel("Username", { exact: true }).focus();
    await loaded;
  });

  test("before the page runs, the form cannot be sent by the browser itself (no password in a URL)", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    await page.getByLabel("Username", { exact: true }).fill("someone");
    await page.getByLabel("Password", { exact: true }).fill("a-secret-password");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeDisabled();
    // Enter would send the form at once (implicit submission fires its submit event within the key press)
    // unless its submit button is disabled. The listener marks a submit and holds it, so the mark stays.
    await page.evaluate(() => {
      window.addEventListener(
        "submit",
        (event) => {
          event.preventDefault();
          document.documentElement.setAttribute("data-form-sent", "yes");
        },
        true,
      );
    });
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page.locator("html")).not.toHaveAttribute("data-form-sent", "yes");
    expect(page.url()).not.toContain("a-secret-password");
    expect(new URL(page.url()).search).toBe("");
  });

  test("a submit before the checks have loaded waits for them, then shows the spec's message", async ({ page }) => {
    // The checks arrive only once the submit was pressed.
    const held = gate();
    let requested = false;
    await page.route(/\/form-rules-[^/]*\.js$/, async (route) => {
      requested = true;
      await held.passed;
      await route.continue();
    });
    await gotoReady(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(() => requested).toBe(true);
    await expect(page.getByText("Please enter both username and password.")).toHaveCount(0);
    held.open();
    await expectFieldError(page, "Username", "Please enter both username and password.");
  });

  test("login: both fields required; wrong credentials; show/hide password", async ({ page }) => {
    await gotoReady(page, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectFieldError(page, "Username", "Please enter both username and password.");
    await page.getByLabel("Username", { exact: true }).fill("someone");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectFieldError(page, "Password", "Please enter both username and password.");
    await expect(page.getByLabel("Username", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Username", { exact: true }).fill("");
    await page.getByLabel("Password", { exact: true }).fill("whatever");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectFieldError(page, "Username", "Please enter both username and password.");

    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await fillLogin(page, "nobody-here", "wrong-password");
    await expect(message(page)).toHaveText("Invalid username or password.");
  });

  test("login: a server that cannot be reached gives 'An unexpected error occurred.'", async ({ page }) => {
    await gotoReady(page, "/login");
    await page.route("**/api/login", (route) => route.abort());
    await fillLogin(page, "someone", "secret12");
    await expect(message(page)).toHaveText("An unexpected error occurred.");
  });

  test("forgot password: e-mail required, then the confirmation", async ({ page }) => {
    await gotoReady(page, "/login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expectFieldError(page, "Email", "Please enter your email address.");
    await page.getByLabel("Email", { exact: true }).fill(`${uniqueName("nobody")}@example.test`);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(message(page)).toHaveText("If an account uses this address, we have sent a link.");
    await page.getByRole("button", { name: "Back to login" }).click();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  });

  test("forgot password failure: 'Failed to send reset email.'", async ({ page }) => {
    await gotoReady(page, "/login");
    await page.route("**/api/forgot-password", (route) => route.fulfill({ status: 500, body: "oops" }));
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email", { exact: true }).fill("someone@example.test");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(message(page)).toHaveText("Failed to send reset email.");
  });

  test("sign up: all fields, matching passwords, at least 6 characters", async ({ page }) => {
    await gotoReady(page, "/login");
    await page.getByRole("button", { name: "Sign up" }).click();
    const submit = page.getByRole("button", { name: "Sign Up" });
    await submit.click();
    await expectFieldError(page, "Username", "Please fill in all fields.");
    await page.getByLabel("Username", { exact: true }).fill("newbie");
    await page.getByLabel("Email", { exact: true }).fill("newbie@example.test");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await submit.click();
    await expectFieldError(page, "Confirm password", "Please fill in all fields.");
    await page.getByLabel("Confirm password", { exact: true }).fill("abd");
    await submit.click();
    await expectFieldError(page, "Confirm password", "Passwords do not match.");
    await page.getByLabel("Confirm password", { exact: true }).fill("abc");
    await submit.click();
    await expectFieldError(page, "Password", "Password must be at least 6 characters long.");
  });

  test("sign up failure without a server message: 'Failed to create account.'", async ({ page }) => {
    await page.route("**/api/signup", (route) => route.fulfill({ status: 500, body: "" }));
    await signUp(page, "someone", "someone@example.test", "secret12");
    await expect(message(page)).toHaveText("Failed to create account.");
  });
});

test.describe("account flows through the real server and its mail outbox", () => {
  test("sign up → activation link → login → logout", async ({ page, server }) => {
    const username = uniqueName("user");
    const email = `${username}@example.test`;
    const password = "first-secret";
    const since = Date.now() - 1000;

    await page.clock.install();
    await signUp(page, username, email, password, () => pauseClock(page));
    await expect(message(page)).toHaveText(
      `Account created. We sent an activation link to ${email}. Open it, then log in.`,
    );
    // Back to login mode after 2 s of the page's clock.
    const loginButton = page.getByRole("button", { name: "Login", exact: true });
    await expectAfterExactly(
      page,
      2000,
      () => expect(loginButton).toHaveCount(0),
      () => expect(loginButton).toBeVisible(),
    );
    await page.clock.resume();

    // Not active yet: the server refuses with its own message.
    await fillLogin(page, username, password);
    await expect(message(page)).toContainText("not activated");

    const link = await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since });
    await gotoReady(page, link.replace(/^https?:\/\/[^/]+/, ""));
    await pauseClock(page);
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");
    await expectRedirectToLoginAfter3s(page);

    await fillLogin(page, username, password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("logout-button")).toBeVisible();
    await expect(page.getByTestId("login-button")).toHaveCount(0);
    await expect(page.getByTestId("admin-button")).toHaveCount(0);

    // The session survives a reload.
    await page.reload();
    await expect(page.getByTestId("logout-button")).toBeVisible();

    await page.getByTestId("logout-button").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("login-button")).toBeVisible();
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(401);
    await page.reload();
    await expect(page.getByTestId("login-button")).toBeVisible();
  });

  test("reset password through the mailed link", async ({ page, server }) => {
    const username = uniqueName("reset");
    const email = `${username}@example.test`;
    const since = Date.now() - 1000;
    await page.clock.install();
    await signUp(page, username, email, "old-secret");
    await expect(message(page)).toHaveText(
      `Account created. We sent an activation link to ${email}. Open it, then log in.`,
    );
    await page.goto(await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since }));
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");

    const beforeForgot = Date.now() - 1000;
    await gotoReady(page, "/login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(message(page)).toHaveText("If an account uses this address, we have sent a link.");

    const link = await waitForMailLink(server.outboxDir, email, "/reset-password", { after: beforeForgot });
    await gotoReady(page, link.replace(/^https?:\/\/[^/]+/, ""));
    const submit = page.getByRole("button", { name: "Reset Password" });
    await submit.click();
    await expectFieldError(page, "New password", "Please fill in all fields.");
    await page.getByLabel("New password", { exact: true }).fill("new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("new-secreX");
    await submit.click();
    await expectFieldError(page, "Confirm new password", "Passwords do not match.");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password", { exact: true }).fill("short");
    await submit.click();
    await expectFieldError(page, "New password", "Password must be at least 6 characters long.");
    await page.getByLabel("New password", { exact: true }).fill("new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("new-secret");
    await pauseClock(page);
    await submit.click();
    await expect(message(page)).toHaveText("Password reset successfully! Redirecting to login...");
    await expectRedirectToLoginAfter3s(page);

    await fillLogin(page, username, "old-secret");
    await expect(message(page)).toHaveText("Invalid username or password.");
    await fillLogin(page, username, "new-secret");
    await expect(page.getByTestId("logout-button")).toBeVisible();

    // The link works once, and opened again it says so before any password is typed.
    await page.getByTestId("logout-button").click();
    await gotoReady(page, link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(message(page)).toHaveText("This link is invalid or has already been used. Please request a new one.");
    await expect(message(page)).toHaveAttribute("data-tone", "error");
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });

  test("token pages without a token, and a bad activation token: a friendly page with a way to a new link", async ({
    page,
  }) => {
    await gotoReady(page, "/reset-password");
    await expect(message(page)).toHaveText("Invalid reset link. Please request a new password reset.");
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
    await gotoReady(page, "/activate-account");
    await expect(message(page)).toHaveText("Invalid activation link. Please check your email or sign up again.");
    await expect(page.getByRole("button", { name: "Activate Account" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send New Activation Link" })).toBeVisible();

    let calls = 0;
    await page.route("**/api/activate-account", async (route) => {
      calls++;
      await route.continue();
    });
    await gotoReady(page, "/activate-account?token=not-a-real-token");
    const button = page.getByRole("button", { name: "Activate Account" });
    await expect(button).toBeVisible();
    expect(calls).toBe(0);
    await button.click();
    await expect.poll(() => calls).toBe(1);
    // The server's own words; a link that can never work is not offered again, a new one is.
    await expect(message(page)).toHaveText("This link is invalid or has already been used. Please request a new one.");
    await expect(message(page)).toHaveAttribute("data-tone", "error");
    await expect(button).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send New Activation Link" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to login" })).toBeVisible();
  });

  test("activation that fails for another reason keeps 'Activate Account' to try again", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/activate-account", async (route) => {
      calls++;
      await route.fulfill({ status: 500, body: "" });
    });
    await gotoReady(page, "/activate-account?token=some-token");
    const button = page.getByRole("button", { name: "Activate Account" });
    await button.click();
    await expect(message(page)).toHaveText("Failed to activate account.");
    await button.click();
    await expect.poll(() => calls).toBe(2);
  });

  test("opening the activation link activates nothing until the button is clicked (mail scanners open links)", async ({
    page,
    server,
  }) => {
    const username = uniqueName("scan");
    const email = `${username}@example.test`;
    const since = Date.now() - 1000;
    await page.clock.install();
    await signUp(page, username, email, "scanned-secret");
    await expect(message(page)).toHaveText(
      `Account created. We sent an activation link to ${email}. Open it, then log in.`,
    );
    const link = await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since });

    let calls = 0;
    await page.route("**/api/activate-account", async (route) => {
      calls++;
      await route.continue();
    });
    // What a link scanner does: load the page, run its scripts, wait, leave.
    await gotoReady(page, link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByText("Press the button to activate your account.")).toBeVisible();
    // A scanner that lingers: every timer the page set runs out, and still nothing is sent.
    await page.clock.runFor(60_000);
    expect(calls).toBe(0);
    const stillInactive = await page.request.post("/api/login", {
      data: { username, password: "scanned-secret" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(stillInactive.status()).toBe(403);
    expect((await stillInactive.json()).error).toContain("not activated");

    await pauseClock(page);
    await page.getByRole("button", { name: "Activate Account" }).click();
    await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");
    expect(calls).toBe(1);
    await expectRedirectToLoginAfter3s(page);
  });

  test("staff: the owner sees the admin button and the admin panel; logged out it shows the home page", async ({
    page,
  }) => {
    await gotoReady(page, "/admin/settings");
    await expect(page.getByTestId("last-seen-badge")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin panel" })).toHaveCount(0);

    await gotoReady(page, "/login");
    await fillLogin(page, OWNER.username, OWNER.password);
    await expect(page).toHaveURL(/\/$/);
    const admin = page.getByTestId("admin-button");
    await expect(admin).toBeVisible();
    await admin.click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("heading", { name: "Admin panel" })).toBeVisible({ timeout: 10_000 });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin panel" })).toBeVisible({ timeout: 10_000 });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("login-button")).toBeVisible();
  });
});
