/**
 * The login tells an account never activated from one staff deactivated. The first is offered
 * 'Send a new activation link' right under the message, and the link it mails activates the account; the
 * second is told it has been deactivated and offered no link (docs/security.md, promise 33). Against the real server.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { waitForMailLink } from "../scripts/testing/eml.ts";
import type { RealServer } from "../scripts/testing/real-server.mjs";
import { expect, gotoReady, OWNER, testWithServer as test, uniqueName } from "./fixtures.ts";

const PASSWORD = "first-secret";
const message = (page: Page) => page.getByTestId("form-message");
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");

/** Signs up through the API (the sign-up form is not under test here): the account's name, address and link. */
async function signUpThroughApi(request: APIRequestContext, server: RealServer) {
  const username = uniqueName("idle");
  const email = `${username}@example.test`;
  const since = Date.now() - 1000;
  const headers = { origin: server.baseUrl };
  const res = await request.post("/api/signup", { data: { username, email, password: PASSWORD }, headers });
  expect(res.status()).toBe(201);
  const link = await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since });
  return { username, email, link };
}

async function logIn(page: Page, username: string) {
  await gotoReady(page, "/login");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("an account never activated: the login offers 'Send a new activation link', and its link activates", async ({
  page,
  request,
  server,
}) => {
  const { username, email, link } = await signUpThroughApi(request, server);
  await logIn(page, username);
  await expect(message(page)).toHaveText(
    "Your account is not activated yet. Please check your email for the activation link.",
  );
  const form = page.getByRole("form", { name: "Get a new activation link" });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const since = Date.now() - 1000;
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByRole("button", { name: "Send a new activation link" }).click();
  await expect(page.getByTestId("new-link-message")).toHaveText(
    "Check your email: if that address has an account waiting for activation, a new activation link is on its way.",
  );
  const fresh = await waitForMailLink(server.outboxDir, email, "/activate-account", { after: since, except: [link] });
  await gotoReady(page, pathOf(fresh));
  await page.getByRole("button", { name: "Activate Account" }).click();
  await expect(message(page)).toHaveText("Account activated successfully! You can now log in.");
});

test("a login by e-mail address starts the new-link form from that address", async ({ page, request, server }) => {
  const { email } = await signUpThroughApi(request, server);
  await logIn(page, email);
  const form = page.getByRole("form", { name: "Get a new activation link" });
  await expect(form.getByLabel("Email", { exact: true })).toHaveValue(email);
});

test("an account staff deactivated: the login says so and offers no new link", async ({ page, request, server }) => {
  const { username, link } = await signUpThroughApi(request, server);
  const headers = { origin: server.baseUrl };
  expect(
    (
      await request.post("/api/activate-account", { data: { token: new URL(link).searchParams.get("token") }, headers })
    ).status(),
  ).toBe(200);
  // The owner deactivates the account (the request context logs in as the owner; the page stays anonymous).
  expect(
    (
      await request.post("/api/login", { data: { username: OWNER.username, password: OWNER.password }, headers })
    ).status(),
  ).toBe(200);
  // A search, not the first page: the worker's server holds every earlier test's accounts too.
  const { users } = (await (await request.get("/api/admin/users", { params: { q: username, limit: 10 } })).json()) as {
    users: { _id: string; username: string }[];
  };
  const id = users.find((u) => u.username === username)?._id;
  expect((await request.patch(`/api/admin/users/${id}`, { data: { isActive: false }, headers })).status()).toBe(200);

  await logIn(page, username);
  await expect(message(page)).toHaveText("This account has been deactivated. Contact the site owner.");
  await expect(page.getByRole("form", { name: "Get a new activation link" })).toHaveCount(0);
});
