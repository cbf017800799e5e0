/** The status area: Online/Offline, changes waiting, last sync, 'Sync now' and the progress of a sync. */
import { connectAsOwner, expect, test } from "./desktop-fixture.ts";
import { createInApp, openTab, syncUntilSignInAgain } from "./support.ts";

test("a sync under way shows its progress, then the count drops to zero", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await openApp(page);
  await connectAsOwner(page, server);
  await openTab(page, "Projects");
  network.offline = true;
  await createInApp(page, "First offline");
  await createInApp(page, "Second offline");
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting");

  network.offline = false;
  const release = network.hold();
  await page.getByRole("button", { name: "Sync now" }).click();
  const bar = page.getByRole("progressbar", { name: "Sync progress" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuemax", "2");
  await expect(page.getByTestId("syncing")).toHaveText(/^Syncing \d of 2 changes…$/);
  await expect(page.getByTestId("sync-now")).toBeDisabled();

  release();
  await expect(page.getByTestId("pending-count")).toHaveText("0 changes waiting");
  await expect(bar).toHaveCount(0);
  await expect(page.getByTestId("sync-now")).toBeEnabled();
  await expect(page.getByTestId("last-synced")).toHaveText("Last synced just now");
  // The status area sits above the panel, never over it.
  const area = await page.getByTestId("status-area").boundingBox();
  const panel = await page.getByRole("heading", { name: "Admin panel" }).boundingBox();
  expect(area && panel && area.y + area.height <= panel.y).toBe(true);
});

test("when the server refuses the device token, 'Sign in again' asks only for the password", async ({
  page,
  openApp,
  server,
}) => {
  await openApp(page);
  await connectAsOwner(page, server);
  // Revoked on the web: the desktop's next call is refused with 401.
  const web = await server.login("owner", "owner-password-1");
  const { tokens } = (await web.get<{ tokens: Array<{ id: string }> }>("/api/sync/tokens")).body;
  for (const token of tokens) expect((await web.delete(`/api/sync/tokens/${token.id}`)).status).toBe(204);

  await syncUntilSignInAgain(page);
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toBeFocused();
  await expect(page.getByLabel("Username")).toHaveCount(0);
  await password.fill("wrong-password");
  await password.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password.");
  await password.fill("owner-password-1");
  await password.press("Enter");
  await expect(page.getByTestId("admin-panel")).toBeVisible();
  await expect(page.getByTestId("connection")).toHaveText("Online");
});
