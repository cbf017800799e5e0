/**
 * History, restore and Undo in the desktop app with the server out of reach: a version restored
 * offline is an ordinary edit waiting in the outbox ('Saved on this computer…') and reaches the server with
 * the next sync; the history and the trash say plainly that they need a connection; an Undo of a delete
 * made offline is queued too and the server has the project back after the sync.
 */
import type { Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { connectAsOwner, expect, type Network, test } from "./desktop-fixture.ts";
import {
  connectedWithProject,
  createOnServer,
  deleteInApp,
  onTheWeb,
  openTab,
  projectRow,
  serverProject,
} from "./support.ts";

const SAVED_OFFLINE = "Saved on this computer, it will sync when you are online";

/** The machine loses its connection: main cannot reach the server, and the renderer hears `offline`. */
async function goOffline(page: Page, network: Network): Promise<void> {
  network.offline = true;
  await page.context().setOffline(true);
  await expect(page.getByTestId("connection")).toHaveText("Offline");
}

async function goOnlineAndSync(page: Page, network: Network): Promise<void> {
  network.offline = false;
  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("pending-count")).toHaveText("0 changes waiting");
}

test("a version restored offline waits as an edit and reaches the server with the next sync", async ({
  page,
  openApp,
  server,
  network,
}) => {
  const web = await onTheWeb(server);
  const created = await createOnServer(web, "Atlas", "Maps of the world.");
  expect((await web.patch(`/api/projects/${created._id}`, { title: "Atlas v2" })).status).toBe(200);
  await openApp(page);
  await connectAsOwner(page, server);
  await openTab(page, "Projects");

  // The history is read through the server while online.
  await projectRow(page, "Atlas v2").getByRole("button", { name: "Edit Atlas v2" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal.getByRole("button", { name: "Show history" }).click();
  const history = modal.getByTestId("history-panel");
  await expect(history.getByTestId("history-version")).toHaveCount(2);

  await goOffline(page, network);
  await history
    .getByTestId("history-version")
    .filter({ hasText: "Version 1" })
    .getByRole("button", { name: "Restore this version" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(confirm.locator('tr[data-field="title"]')).toContainText("Atlas v2");
  await confirm.getByRole("button", { name: "Restore version 1" }).click();

  await expect(modal.getByLabel("Title")).toHaveValue("Atlas");
  const feedback = page.getByTestId("admin-feedback");
  await expect(feedback.getByTestId("admin-feedback-text")).toHaveText(SAVED_OFFLINE);
  await expect(feedback).toContainText('Project "Atlas" restored to version 1.');
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting");
  // Offline, the history says so plainly instead of versions it cannot vouch for.
  await expect(history.getByTestId("history-offline")).toHaveText(
    /^History is available when you are online\.\s*Try again$/,
  );
  expect((await serverProject(web, "Atlas v2"))?.title).toBe("Atlas v2");
  expect(await seriousViolations(page, { where: "history offline" })).toEqual([]);

  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(projectRow(page, "Atlas").getByTestId("not-synced-badge")).toHaveText("Not synced");
  await goOnlineAndSync(page, network);
  expect(await serverProject(web, "Atlas")).toMatchObject({ description: "Maps of the world." });
  expect(await serverProject(web, "Atlas v2")).toBeUndefined();
});

test("an Undo of a delete made offline is queued, and the trash says it needs a connection", async ({
  page,
  openApp,
  server,
  network,
}) => {
  const web = await connectedWithProject(page, openApp, server, "Notebook");
  await expect(projectRow(page, "Notebook")).toBeVisible();

  await goOffline(page, network);
  await deleteInApp(page, "Notebook");
  await expect(projectRow(page, "Notebook")).toHaveCount(0);
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(projectRow(page, "Notebook")).toBeVisible();
  await expect(page.getByTestId("admin-feedback")).toContainText('Project "Notebook" restored.');

  await openTab(page, "Trash");
  await expect(page.getByTestId("trash-offline")).toContainText("The trash is available when you are online.");
  expect(await seriousViolations(page, { where: "trash offline" })).toEqual([]);

  await goOnlineAndSync(page, network);
  expect(await serverProject(web, "Notebook")).toBeDefined();
  const trash = await web.get<{ items: unknown[] }>("/api/admin/trash");
  expect(trash.body.items).toEqual([]);
});
