/** Editing with the server unreachable: every change waits in the outbox, counted and marked, until a sync. */
import type { Page } from "@playwright/test";
import { connectAsOwner, expect, type Network, test } from "./desktop-fixture.ts";
import {
  connectedWithProject,
  createInApp,
  createOnServer,
  deleteInApp,
  loadedProjectCount,
  onTheWeb,
  openTab,
  projectRow,
  renameInApp,
  serverProjects,
} from "./support.ts";

test("offline edits wait, marked 'Not synced', and go to the server with 'Sync now'", async ({
  page,
  openApp,
  server,
  network,
}) => {
  const web = await onTheWeb(server);
  await createOnServer(web, "Alpha");
  await createOnServer(web, "Beta");
  await openApp(page);
  await connectAsOwner(page, server);
  await openTab(page, "Projects");
  await expect(projectRow(page, "Alpha")).toBeVisible();
  const pending = page.getByTestId("pending-count");

  network.offline = true;
  await createInApp(page, "Gamma");
  await expect(pending).toHaveText("1 change waiting");
  await expect(projectRow(page, "Gamma").getByTestId("not-synced-badge")).toHaveText("Not synced");
  await renameInApp(page, "Alpha", "Alpha renamed");
  await expect(pending).toHaveText("2 changes waiting");
  await deleteInApp(page, "Beta");
  await expect(pending).toHaveText("3 changes waiting");
  await expect(projectRow(page, "Beta")).toHaveCount(0);
  await expect(projectRow(page, "Alpha renamed").getByTestId("not-synced-badge")).toBeVisible();

  // 'Sync now' with no connection: Offline, the reason, and nothing lost.
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("connection")).toHaveText("Offline");
  await expect(page.getByTestId("last-error")).toHaveText("The server could not be reached.");
  await expect(pending).toHaveText("3 changes waiting");

  network.offline = false;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(pending).toHaveText("0 changes waiting");
  await expect(page.getByTestId("connection")).toHaveText("Online");
  await expect(page.getByTestId("not-synced-badge")).toHaveCount(0);
  const titles = (await serverProjects(web)).map((p) => p.title);
  expect(titles).toEqual(expect.arrayContaining(["Alpha renamed", "Gamma"]));
  expect(titles).not.toContain("Alpha");
  expect(titles).not.toContain("Beta");
});

test("working locally, projects are created, edited and deleted with no server at all", async ({ page, openApp }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Work locally" }).click();
  await openTab(page, "Projects");
  const count = await loadedProjectCount(page);
  await createInApp(page, "Local one");
  await createInApp(page, "Local two");
  await renameInApp(page, "Local one", "Local one, edited");
  await deleteInApp(page, "Local two");
  await expect(projectRow(page, "Local one, edited")).toBeVisible();
  await expect(projectRow(page, "Local one")).toHaveCount(0);
  await expect(projectRow(page, "Local two")).toHaveCount(0);
  await expect(page.getByTestId("project-row")).toHaveCount(count + 1);
});

/**
 * The machine loses its connection: main cannot reach the server, and the renderer hears the system's
 * `offline` event (as Electron's renderer does); `online: true` brings both back.
 */
const SAVED_OFFLINE = "Saved on this computer, it will sync when you are online";

async function setConnection(page: Page, network: Network, online: boolean): Promise<void> {
  network.offline = !online;
  await page.context().setOffline(!online);
}

test("an edit saved offline says 'Saved on this computer, it will sync when you are online'", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await connectedWithProject(page, openApp, server, "Notebook");
  const feedback = page.getByTestId("admin-feedback");

  // Online, a save says what it did.
  await renameInApp(page, "Notebook", "Notebook online");
  await expect(feedback.getByTestId("admin-feedback-text")).toHaveText('Project "Notebook online" updated.');

  // The server out of reach (the machine's network still up): the failed sync tells the app it is offline.
  network.offline = true;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("connection")).toHaveText("Offline");
  await renameInApp(page, "Notebook online", "Notebook offline");
  await expect(feedback.getByTestId("admin-feedback-text")).toHaveText(SAVED_OFFLINE);
  await expect(feedback).toContainText('Project "Notebook offline" updated.');
  // The machine's network gone as well: the same.
  await setConnection(page, network, false);
  await createInApp(page, "Sketchbook");
  await expect(feedback.getByTestId("admin-feedback-text")).toHaveText(SAVED_OFFLINE);
  await expect(projectRow(page, "Sketchbook").getByTestId("not-synced-badge")).toHaveText("Not synced");
});

test("when the connection returns, the app syncs by itself: no click", async ({ page, openApp, server, network }) => {
  const web = await onTheWeb(server);
  await openApp(page);
  await connectAsOwner(page, server);
  await openTab(page, "Projects");
  await setConnection(page, network, false);
  await expect(page.getByTestId("connection")).toHaveText("Offline");
  await createInApp(page, "Written on a train");
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting");

  await setConnection(page, network, true);
  await expect(page.getByTestId("pending-count")).toHaveText("0 changes waiting");
  await expect(page.getByTestId("connection")).toHaveText("Online");
  await expect(page.getByTestId("last-synced")).toHaveText("Last synced just now");
  await expect(projectRow(page, "Written on a train").getByTestId("not-synced-badge")).toHaveCount(0);
  expect((await serverProjects(web)).map((p) => p.title)).toContain("Written on a train");
});
