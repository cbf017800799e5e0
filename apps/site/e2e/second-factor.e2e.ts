/**
 * Second factors through the screens (docs/security.md, promise 30): a passkey added on the account page with
 * Chromium's virtual authenticator (user verification on) signs in alone; an authenticator app set up from
 * the page's key asks for its code at the next login. The site runs on http://localhost: an IP address is
 * not a valid WebAuthn relying party.
 */
import { createHmac } from "node:crypto";
import { expect } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { test as base } from "@portfolio/testing/browser/failure-screenshots.ts";
import { OWNER, type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";

// docs/security.md, promise 30: staff accounts can use a second factor (TOTP with single-use codes, recovery codes, passkeys).
const test = base.extend<{ server: RealServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  server: async ({}, use) => {
    const server = await startRealServer({ hostname: "localhost" });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
});
test.describe.configure({ timeout: 90_000 });

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

async function logInWithForm(page: import("@playwright/test").Page) {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Chromium's virtual authenticator, with user verification: what a laptop's fingerprint reader answers. */
async function addVirtualAuthenticator(page: import("@playwright/test").Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Signs in and adds a passkey named "Test laptop" on the account page; answers the page's passkeys card. */
async function addPasskeyOnAccountPage(page: import("@playwright/test").Page) {
  await addVirtualAuthenticator(page);
  await logInWithForm(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/account");
  const passkeys = page.getByTestId("passkeys");
  await expect(passkeys).toContainText("No passkeys yet.");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await passkeys.getByRole("textbox", { name: "Name" }).fill("Test laptop");
  await passkeys.getByRole("textbox", { name: "Your password" }).fill(OWNER.password);
  await passkeys.getByRole("button", { name: "Add passkey" }).click();
  await expect(passkeys.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  return passkeys;
}

test("a passkey added on the account page signs in alone", async ({ page }) => {
  await addPasskeyOnAccountPage(page);

  await page.context().clearCookies();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

test("a passkey is removed only with the password, in a dialog used from the keyboard", async ({ page }) => {
  const passkeys = await addPasskeyOnAccountPage(page);
  const removeButton = passkeys.getByRole("button", { name: "Remove the passkey Test laptop" });
  await removeButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Remove passkey" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    '"Test laptop" will no longer sign you in. It is your last second factor: your recovery codes stop working too.',
  );
  const password = dialog.getByRole("textbox", { name: "Your password" });
  await expect(password).toBeFocused();
  expect(await seriousViolations(page, { where: "Remove passkey dialog" })).toEqual([]);

  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Enter your password.");
  await page.keyboard.type("not-the-password");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("The password is not correct.");
  await expect(password).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(removeButton).toBeFocused();
  await expect(passkeys.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");

  await page.keyboard.press("Enter");
  await expect(password).toBeFocused();
  await page.keyboard.type(OWNER.password);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(passkeys).toContainText("No passkeys yet.");
  await expect(passkeys.getByRole("status")).toHaveText('The passkey "Test laptop" was removed.');
  await expect(passkeys.getByRole("status")).toBeFocused();
});

test("an authenticator app set up from the account page asks for its code at the next login", async ({ page }) => {
  await logInWithForm(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/account#security");
  const card = page.getByTestId("authenticator");
  await card.getByRole("button", { name: "Set up an authenticator app" }).click();
  await card.getByRole("textbox", { name: "Your password" }).fill(OWNER.password);
  await card.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent()) ?? "";
  await card.getByLabel("Code from the app").fill(totp(secret, Date.now()));
  await card.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-codes");
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  expect(await seriousViolations(page, { where: "Account security with recovery codes" })).toEqual([]);
  await codes.getByRole("button", { name: "I saved them" }).click();
  await expect(card).toContainText("On. 10 of 10 recovery codes left.");

  await page.context().clearCookies();
  await logInWithForm(page);
  const step = page.getByTestId("second-factor-step");
  await expect(step).toBeVisible();
  const now = Date.now();
  const valid = new Set([-1, 0, 1, 2].map((n) => totp(secret, now + n * 30_000)));
  const wrong = ["000000", "111111", "222222"].find((c) => !valid.has(c)) ?? "333333";
  await step.getByLabel("Authentication code").fill(wrong);
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(step).toContainText("That code is not correct. Check the code in your authenticator app and try again.");
  expect(await seriousViolations(page, { where: "Login second step" })).toEqual([]);
  // The confirmation spent this step's code: the next step's is the one a phone shows a moment later.
  await step.getByLabel("Authentication code").fill(totp(secret, now + 30_000));
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect((await page.request.get("/api/me")).status()).toBe(200);
});
