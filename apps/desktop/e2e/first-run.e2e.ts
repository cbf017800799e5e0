/** First run: connect to the server, or work locally; clear errors, keyboard use. */
import { connectAsOwner, expect, OWNER, test } from "./desktop-fixture.ts";

test.describe("first run", () => {
  test("'Work locally' opens the admin panel on this computer", async ({ page, openApp }) => {
    await openApp(page);
    await expect(page.getByRole("heading", { name: "Welcome to the Portfolio editor" })).toBeVisible();
    await expect(page.getByLabel("Server address")).toBeFocused();
    await page.getByRole("button", { name: "Work locally" }).click();
    await expect(page.getByTestId("admin-panel")).toBeVisible();
    await expect(page.getByTestId("connection")).toHaveText("Working locally");
    await expect(page.getByRole("tab", { name: "Projects" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Connect to a server" })).toBeVisible();
  });

  test("connecting signs in on the server, downloads its content and shows the status area", async ({
    page,
    openApp,
    server,
  }) => {
    await openApp(page);
    await connectAsOwner(page, server);
    await expect(page.getByTestId("connection")).toHaveText("Online");
    await expect(page.getByTestId("pending-count")).toHaveText("0 changes waiting");
    await expect(page.getByTestId("last-synced")).toHaveText("Last synced just now");
    await expect(page.getByText(`Signed in as ${OWNER.username}`)).toBeVisible();
  });

  test("Enter submits; empty fields are named and the first one gets the focus", async ({ page, openApp }) => {
    await openApp(page);
    await page.getByLabel("Server address").press("Enter");
    await expect(page.getByText("Enter the server address.")).toBeVisible();
    await expect(page.getByText("Enter your username.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    await expect(page.getByLabel("Server address")).toBeFocused();
    await expect(page.getByLabel("Server address")).toHaveAttribute("aria-invalid", "true");
  });

  test("a wrong password shows the server's message and stays on the screen", async ({ page, openApp, server }) => {
    await openApp(page);
    await page.getByLabel("Server address").fill(server.url);
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password.");
    await expect(page.getByTestId("first-run")).toBeVisible();
  });

  test("an address that is not http(s) is refused on its field", async ({ page, openApp }) => {
    await openApp(page);
    await page.getByLabel("Server address").fill("ftp://example.com");
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText("The server address must start with http:// or https://.")).toBeVisible();
    await expect(page.getByLabel("Server address")).toBeFocused();
  });

  test("an unreachable server says so", async ({ page, openApp, server, network }) => {
    network.offline = true;
    await openApp(page);
    await page.getByLabel("Server address").fill(server.url);
    await page.getByLabel("Username").fill(OWNER.username);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByRole("alert")).toHaveText("The server could not be reached.");
  });
});
