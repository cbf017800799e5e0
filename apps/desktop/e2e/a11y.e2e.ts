/** axe-core on every desktop screen: first run, sign in again, the panel with the status area, offline states, conflicts. */
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { connectAsOwner, expect, test } from "./desktop-fixture.ts";
import {
  createInApp,
  createOnServer,
  onTheWeb,
  openSettings,
  openTab,
  renameInApp,
  syncUntilSignInAgain,
} from "./support.ts";

test.describe.configure({ timeout: 120_000 });

test("the first-run screen, with and without errors, has no serious axe violations", async ({ page, openApp }) => {
  await openApp(page);
  await expect(page.getByTestId("first-run")).toBeVisible();
  const found = await seriousViolations(page, { where: "First run" });
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("Enter the server address.")).toBeVisible();
  found.push(...(await seriousViolations(page, { where: "First run, errors" })));
  expect(found).toEqual([]);
});

test("the connected app, offline states and 'Needs attention' have no serious axe violations", async ({
  page,
  openApp,
  server,
  network,
}) => {
  const web = await onTheWeb(server);
  const project = await createOnServer(web, "Shared project");
  await openApp(page);
  await connectAsOwner(page, server);
  const found = await seriousViolations(page, { where: "Dashboard, online" });

  await openTab(page, "Projects");
  network.offline = true;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("connection")).toHaveText("Offline");
  await createInApp(page, "Offline project");
  await renameInApp(page, "Shared project", "Shared project (desktop)");
  await expect(page.getByTestId("not-synced-badge")).toHaveCount(2);
  // The saved-offline message is in the page too.
  await expect(page.getByTestId("admin-feedback-text")).toHaveText(
    "Saved on this computer, it will sync when you are online",
  );
  found.push(...(await seriousViolations(page, { where: "Projects, changes waiting" })));

  await openTab(page, "Users");
  await expect(page.getByTestId("needs-connection")).toBeVisible();
  found.push(...(await seriousViolations(page, { where: "Users, needs a connection" })));

  await openSettings(page, "Sessions and devices");
  await expect(page.getByTestId("device-tokens")).toBeVisible();
  found.push(...(await seriousViolations(page, { where: "Settings, offline" })));

  await web.patch(`/api/projects/${project._id}`, { title: "Shared project (web)", version: project.version });
  network.offline = false;
  await page.getByRole("button", { name: "Sync now" }).click();
  await page.getByRole("button", { name: "Needs attention (1)" }).click();
  await expect(page.getByTestId("conflict-table")).toBeVisible();
  found.push(...(await seriousViolations(page, { where: "Needs attention" })));
  expect(found).toEqual([]);
});

test("'Sign in again' has no serious axe violations", async ({ page, openApp, server }) => {
  await openApp(page);
  await connectAsOwner(page, server);
  const web = await onTheWeb(server);
  const { tokens } = (await web.get<{ tokens: Array<{ id: string }> }>("/api/sync/tokens")).body;
  for (const token of tokens) await web.delete(`/api/sync/tokens/${token.id}`);
  await syncUntilSignInAgain(page);
  expect(await seriousViolations(page, { where: "Sign in again" })).toEqual([]);
});
