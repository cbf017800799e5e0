import { TWITCH_MESSAGES } from "@portfolio/core/domain";
import { SITE_SETTINGS } from "../src/settings/site-settings.ts";
import { CALLBACK_MESSAGES } from "../src/tools/callback/twitch-callback.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

test.describe("Twitch callback page", () => {
  test("success: posts the spec's payload, never logs the token, and goes on to the streaming site", async ({
    page,
  }) => {
    const token = "e2eAccessToken0123456789abcdef";
    const console: string[] = [];
    page.on("console", (m) => console.push(m.text()));
    await page.route(`${new URL(SITE_SETTINGS.streamingSiteUrl).origin}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Streaming site</title><h1>Live now</h1>" }),
    );
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/twitch-callback") && r.method() === "POST");
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/twitch-callback"));
    await page.goto(`/twitch/callback#access_token=${token}&scope=chat%3Aread+chat%3Aedit&token_type=bearer&state=xyz`);

    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["accessToken", "scope", "timestamp", "tokenType", "userAgent"].sort());
    expect(body).toMatchObject({ accessToken: token, scope: ["chat:read", "chat:edit"], tokenType: "bearer" });
    expect(Date.parse(body.timestamp as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.userAgent).toContain("Chrome");
    expect((await answered).status()).toBe(200);

    await expect(page.getByTestId("twitch-callback-success")).toHaveText(CALLBACK_MESSAGES.success);
    // The token leaves the address bar at once.
    expect(new URL(page.url()).hash).toBe("");
    await page.waitForURL(SITE_SETTINGS.streamingSiteUrl);
    await expect(page.getByRole("heading", { name: "Live now" })).toBeVisible();
    expect(console.join("\n")).not.toContain(token);
  });

  test("success with an authorization code on /twitch/fallback", async ({ page }) => {
    await page.route(`${new URL(SITE_SETTINGS.streamingSiteUrl).origin}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Live now</h1>" }),
    );
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/twitch-callback"));
    await page.goto("/twitch/fallback?code=e2eAuthCode42&scope=user%3Aread%3Aemail");
    expect((await posted).postDataJSON()).toMatchObject({ authCode: "e2eAuthCode42", scope: ["user:read:email"] });
    await page.waitForURL(SITE_SETTINGS.streamingSiteUrl);
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
