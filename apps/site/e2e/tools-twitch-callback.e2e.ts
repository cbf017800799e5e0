import { TWITCH_MESSAGES } from "@portfolio/core/domain";
import { SITE_SETTINGS } from "../src/settings/site-settings.ts";
import { CALLBACK_MESSAGES } from "../src/tools/callback/twitch-callback.ts";
import { loginAs, openPanel, openSettings, ownerAccount } from "./admin-support.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

test.describe("Twitch callback page", () => {
  test("Connect Twitch from the Settings tab: Twitch comes back with the state, the page posts it, the token is stored, and the stream opens", async ({
    page,
  }) => {
    const baseUrl = process.env.E2E_BASE_URL ?? "";
    const console: string[] = [];
    page.on("console", (m) => console.push(m.text()));
    await page.route(`${new URL(SITE_SETTINGS.streamingSiteUrl).origin}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Streaming site</title><h1>Live now</h1>" }),
    );
    await loginAs(page, baseUrl, ownerAccount);
    await openSettings(page, "Twitch");
    const card = page.getByTestId("twitch-connect");
    // The browser leaves for Twitch's authorize page (the fake), with the state the server issued.
    const authorize = page.waitForRequest((r) => new URL(r.url()).pathname === "/oauth2/authorize");
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/twitch-callback") && r.method() === "POST");
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/twitch-callback"));
    await card.getByRole("button", { name: "Connect Twitch" }).click();

    const state = new URL((await authorize).url()).searchParams.get("state");
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ["accessToken", "scope", "state", "timestamp", "tokenType", "userAgent"].sort(),
    );
    expect(body).toMatchObject({ scope: ["chat:read"], tokenType: "bearer", state });
    expect(Date.parse(body.timestamp as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.userAgent).toContain("Chrome");
    expect((await answered).status()).toBe(200);

    await expect(page.getByTestId("twitch-callback-success")).toHaveText(CALLBACK_MESSAGES.success);
    // The token leaves the address bar at once.
    expect(new URL(page.url()).hash).toBe("");
    await page.waitForURL(SITE_SETTINGS.streamingSiteUrl);
    await expect(page.getByRole("heading", { name: "Live now" })).toBeVisible();
    expect(console.join("\n")).not.toContain(String(body.accessToken));

    // Back in the panel, the Dashboard and the Settings tab show the connection, never the token.
    await openPanel(page);
    const status = page.getByTestId("twitch-status");
    await expect(status).toContainText("Twitch connected", { timeout: 15_000 });
    await expect(status).toContainText("Scope: chat:read");
    await expect(status).toContainText("Connected just now");
    await expect(status).not.toContainText(String(body.accessToken));
    await openSettings(page, "Twitch");
    await expect(page.getByTestId("twitch-connect").getByTestId("twitch-status")).toContainText("Twitch connected");
    // The same state cannot be used again.
    const replay = await page.request.post(`${baseUrl}/api/twitch-callback`, {
      data: { accessToken: body.accessToken, state },
      headers: { Origin: baseUrl },
    });
    expect(replay.status()).toBe(403);
  });

  test("a callback the owner did not start here is refused: 'Failed to process Twitch callback' with the reason", async ({
    page,
  }) => {
    const token = "e2eAccessToken0123456789abcdef";
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/twitch-callback"));
    await gotoReady(page, `/twitch/callback#access_token=${token}&scope=chat%3Aread&token_type=bearer&state=forged`);
    expect((await answered).status()).toBe(403);
    const error = page.getByTestId("twitch-callback-error");
    await expect(error).toContainText(CALLBACK_MESSAGES.failed);
    await expect(error).toContainText(TWITCH_MESSAGES.stateRefused);
    await expect(page.getByTestId("twitch-callback-debug")).toContainText(
      "Hash: #access_token=[hidden]&scope=chat%3Aread&token_type=bearer&state=[hidden]",
    );
    await expect(page.locator("body")).not.toContainText(token);
  });

  test("/twitch/fallback posts a code and the state from the query", async ({ page }) => {
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/twitch-callback"));
    await page.goto("/twitch/fallback?code=e2eAuthCode42&scope=user%3Aread%3Aemail&state=abc_123");
    expect((await posted).postDataJSON()).toMatchObject({
      authCode: "e2eAuthCode42",
      scope: ["user:read:email"],
      state: "abc_123",
    });
    await expect(page.getByTestId("twitch-callback-error")).toContainText(CALLBACK_MESSAGES.failed);
  });

  test("an error from Twitch: the message, debug info and Return to Home", async ({ page }) => {
    let posts = 0;
    page.on("request", (r) => r.url().endsWith("/api/twitch-callback") && posts++);
    await gotoReady(page, "/twitch/callback?error=access_denied&error_description=The+user+denied+you+access");
    const error = page.getByTestId("twitch-callback-error");
    await expect(error).toContainText("Authorization error: access_denied");
    await expect(error).toContainText("The user denied you access");
    const debug = page.getByTestId("twitch-callback-debug");
    await expect(debug).toContainText("URL: ");
    await expect(debug).toContainText("/twitch/callback?error=access_denied");
    await expect(debug).toContainText("Hash: (none)");
    await expect(debug).toContainText("Search: ?error=access_denied&error_description=The+user+denied+you+access");
    expect(posts).toBe(0);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("nothing to process: the 'no access token or authorization code found' message with test instructions", async ({
    page,
  }) => {
    await gotoReady(page, "/twitch/callback");
    await expect(page.getByTestId("twitch-callback-error")).toHaveText(CALLBACK_MESSAGES.missing);
    await expect(page.getByTestId("twitch-callback-help")).toHaveText(CALLBACK_MESSAGES.missingHelp);
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  test("the server refuses: 'Failed to process Twitch callback' with its reason, the token hidden", async ({
    page,
  }) => {
    const bad = "not*a*token";
    await gotoReady(page, `/twitch/callback#access_token=${bad}&token_type=bearer`);
    const error = page.getByTestId("twitch-callback-error");
    await expect(error).toContainText(CALLBACK_MESSAGES.failed);
    await expect(error).toContainText(TWITCH_MESSAGES.accessToken);
    await expect(page.getByTestId("twitch-callback-debug")).toContainText(
      "Hash: #access_token=[hidden]&token_type=bearer",
    );
    await expect(page.locator("body")).not.toContainText(bad);
  });

  test("the server cannot be reached: 'An unexpected error occurred while processing the callback'", async ({
    page,
  }) => {
    await page.route("**/api/twitch-callback", (route) => route.abort("connectionrefused"));
    await gotoReady(page, "/twitch/callback#access_token=abc123&token_type=bearer");
    await expect(page.getByTestId("twitch-callback-error")).toContainText(CALLBACK_MESSAGES.unexpected);
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  test("shows its loading state while the server answers", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/twitch-callback", async (route) => {
      await held;
      await route.abort("connectionrefused");
    });
    await gotoReady(page, "/twitch/callback#access_token=abc123");
    await expect(page.getByTestId("twitch-callback")).toHaveAttribute("data-state", "loading");
    await expect(page.getByText("Processing the Twitch authorization…")).toBeVisible();
    release();
    await expect(page.getByTestId("twitch-callback")).toHaveAttribute("data-state", "error");
  });
});
