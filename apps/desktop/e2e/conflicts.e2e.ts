/**
 * 'Needs attention': a field changed both here (offline) and on the web is a conflict, shown field by
 * field with 'Keep mine' and 'Use server'; nothing is dropped without the owner's choice.
 */
import type { Page } from "@playwright/test";
import type { TestClient, TestServer } from "../../server/src/test/test-server.ts";
import { connectAsOwner, expect, type Network, test } from "./desktop-fixture.ts";
import { createOnServer, onTheWeb, openTab, projectRow, renameInApp, serverProject } from "./support.ts";

/** The same project's title changed offline here and, meanwhile, on the web; then a sync. */
async function makeConflict(page: Page, server: TestServer, network: Network): Promise<TestClient> {
  const web = await onTheWeb(server);
  const project = await createOnServer(web, "Portfolio site");
  await connectAsOwner(page, server);
  await openTab(page, "Projects");
  network.offline = true;
  await renameInApp(page, "Portfolio site", "Portfolio (desktop)");
  const res = await web.patch(`/api/projects/${project._id}`, { title: "Portfolio (web)", version: project.version });
  expect(res.status).toBe(200);
  network.offline = false;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByRole("button", { name: "Needs attention (1)" })).toBeVisible();
  await page.getByRole("button", { name: "Needs attention (1)" }).click();
  return web;
}

test("a conflict shows mine next to the server's value; 'Keep mine' lands mine on the server", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await openApp(page);
  const web = await makeConflict(page, server, network);
  const item = page.getByTestId("attention-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading")).toHaveText("Portfolio (desktop)");
  await expect(item).toHaveAttribute("data-kind", "conflict");
  const row = item.getByTestId("conflict-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText("Title");
  await expect(row.getByTestId("mine-value")).toHaveText("Portfolio (desktop)");
  await expect(row.getByTestId("server-value")).toHaveText("Portfolio (web)");

  await item.getByRole("button", { name: "Keep mine" }).click();
  await expect(
    page.getByText(`Kept your version of "Portfolio (desktop)". It is sent at the next sync.`),
  ).toBeVisible();
  await expect(page.getByTestId("attention-empty")).toHaveText(
    "Nothing needs your attention.Every change from this computer has been synced or is waiting to be sent.",
  );
  await expect(page.getByTestId("pending-count")).toHaveText("0 changes waiting");
  await expect.poll(async () => (await serverProject(web, "Portfolio (desktop)"))?.title).toBe("Portfolio (desktop)");
  expect(await serverProject(web, "Portfolio (web)")).toBeUndefined();

  await page.getByRole("button", { name: "Back to the admin panel" }).click();
  await expect(projectRow(page, "Portfolio (desktop)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Needs attention", exact: true })).toBeVisible();
});

test("'Use server' takes the server's value here and changes nothing on the server", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await openApp(page);
  const web = await makeConflict(page, server, network);
  await page.getByTestId("attention-item").getByRole("button", { name: "Use server" }).click();
  await expect(page.getByText(`Took the server's version of "Portfolio (desktop)".`)).toBeVisible();
  await expect(page.getByTestId("attention-empty")).toBeVisible();
  await page.getByRole("button", { name: "Back to the admin panel" }).click();
  await expect(projectRow(page, "Portfolio (web)")).toBeVisible();
  await expect(projectRow(page, "Portfolio (desktop)")).toHaveCount(0);
  await expect(page.getByTestId("not-synced-badge")).toHaveCount(0);
  expect((await serverProject(web, "Portfolio (web)"))?.title).toBe("Portfolio (web)");
});

test("with nothing to decide, 'Needs attention' says so", async ({ page, openApp }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Work locally" }).click();
  await page.getByRole("button", { name: "Needs attention" }).click();
  await expect(page.getByRole("heading", { name: "Needs attention", level: 1 })).toBeVisible();
  await expect(page.getByTestId("attention-empty")).toContainText("Nothing needs your attention.");
});
