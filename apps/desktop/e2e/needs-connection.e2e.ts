/** What only the server can answer (users, dashboard, roles, audit) says 'Needs a connection' offline, never a blank or a raw error. */
import { connectAsOwner, expect, test } from "./desktop-fixture.ts";
import { openTab } from "./support.ts";

test("the Users tab offline shows 'Needs a connection', and 'Try again' loads it once online", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await openApp(page);
  await connectAsOwner(page, server);
  network.offline = true;
  await openTab(page, "Users");
  const block = page.getByTestId("needs-connection");
  await expect(block).toContainText("Needs a connection");
  await expect(block).toContainText("the server cannot be reached right now");
  await expect(page.getByText("Could not load")).toHaveCount(0);

  network.offline = false;
  await block.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await expect(page.getByTestId("needs-connection")).toHaveCount(0);
});

test("opened offline, the Dashboard and the roles in Settings need a connection; projects still work", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await openApp(page);
  await connectAsOwner(page, server);
  network.offline = true;
  await page.reload();
  await expect(page.getByTestId("admin-panel")).toBeVisible();
  await openTab(page, "Dashboard");
  await expect(page.getByTestId("needs-connection").first()).toContainText("Needs a connection");
  await openTab(page, "Settings");
  await expect(
    page.getByRole("region", { name: "Roles and permissions" }).getByTestId("needs-connection"),
  ).toContainText("Needs a connection");
  await openTab(page, "Projects");
  await expect(page.getByTestId("project-row").first()).toBeVisible();
});
