/**
 * docs/security.md, promise 30 in the desktop app: an account with an authenticator app connects, and signs in again, with its
 * code; the code field says that passkeys cannot be used here. Codes are computed from the secret at the
 * server's clock, which the test moves to the next 30 s step instead of waiting.
 */

import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { codeNow, enableTotp, STEP_MS } from "@portfolio/testing/server/second-factor.ts";
import { expect, OWNER, test } from "./desktop-fixture.ts";
import { syncUntilSignInAgain } from "./support.ts";

const CODE_NEEDED =
  "This account uses two-factor authentication. Enter the code from your authenticator app, or one of your recovery codes.";
const NO_PASSKEYS =
  "Passkeys cannot be used in the desktop app. If you only have a passkey, use a recovery code, or set up an authenticator app on the website.";

test("the connect screen and 'Sign in again' ask for the authenticator code, and say passkeys cannot be used here", async ({
  page,
  openApp,
  server,
}) => {
  const web = await server.login(OWNER.username, OWNER.password);
  const { secret } = await enableTotp(server, web, OWNER.password);
  await openApp(page);

  await page.getByLabel("Server address").fill(server.url);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: CODE_NEEDED })).toHaveText(CODE_NEEDED);
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription(new RegExp(NO_PASSKEYS.replace(/[.?]/g, "\\$&")));
  const found = await seriousViolations(page, { where: "First run, code asked" });
  const connectCode = codeNow(server, secret);
  await code.fill(connectCode);
  await code.press("Enter");
  await expect(page.getByTestId("admin-panel")).toBeVisible();

  // Revoked on the web: the next sync is refused, and 'Sign in again' asks for the password, then the code.
  const { tokens } = (await web.get<{ tokens: Array<{ id: string }> }>("/api/sync/tokens")).body;
  for (const token of tokens) expect((await web.delete(`/api/sync/tokens/${token.id}`)).status).toBe(204);
  await syncUntilSignInAgain(page);
  await expect(page.getByLabel("Authentication code")).toHaveCount(0);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: CODE_NEEDED })).toHaveText(CODE_NEEDED);
  await expect(code).toBeFocused();
  await expect(page.getByText(NO_PASSKEYS)).toBeVisible();
  found.push(...(await seriousViolations(page, { where: "Sign in again, code asked" })));

  // The code the connect screen used never works twice (also when the real clock has moved on to the next
  // step meanwhile): a wrong answer is the server's message.
  await code.fill(connectCode);
  await code.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not correct. Check the code in your authenticator app and try again.",
  );
  await expect(page.getByTestId("sign-in-again")).toBeVisible();
  await expect(code).toBeFocused();

  server.clock.advance(STEP_MS);
  await code.fill(codeNow(server, secret));
  await code.press("Enter");
  await expect(page.getByTestId("admin-panel")).toBeVisible();
  await expect(page.getByTestId("connection")).toHaveText("Online");
  expect(found).toEqual([]);
});
