/**
 * 'Needs attention': a field changed both here (offline) and on the web is a conflict, shown field by
 * field with 'Keep mine' and 'Use server'; nothing is dropped without the owner's choice.
 */
import type { Page } from "@playwright/test";
import type { TestClient, TestServer } from "@portfolio/testing/server/test-server.ts";
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
  // Nothing left to decide: the status area is quiet again.
  await expect(page.getByRole("button", { name: /Needs attention/ })).toHaveCount(0);
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

test("'Needs attention' shows its count in the danger colour, and the status area is quiet at zero", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await openApp(page);
  await connectAsOwner(page, server);
  await expect(page.getByTestId("connection")).toHaveText("Online");
  await expect(page.getByTestId("status-area").getByText(/needs attention/i)).toHaveCount(0);

  const web = await onTheWeb(server);
  const first = await createOnServer(web, "First shared");
  const second = await createOnServer(web, "Second shared");
  await page.getByRole("button", { name: "Sync now" }).click();
  await openTab(page, "Projects");
  network.offline = true;
  await renameInApp(page, "First shared", "First (desktop)");
  await renameInApp(page, "Second shared", "Second (desktop)");
  for (const [project, title] of [
    [first, "First (web)"],
    [second, "Second (web)"],
  ] as const) {
    expect((await web.patch(`/api/projects/${project._id}`, { title, version: project.version })).status).toBe(200);
  }
  network.offline = false;
  await page.getByRole("button", { name: "Sync now" }).click();
  const button = page.getByRole("button", { name: "Needs attention (2)" });
  await expect(button).toBeVisible();
  // The danger button's red (Tailwind's red-600), unlike the quiet grey of the rest of the status area.
  await expect(button).toHaveCSS("background-color", "oklch(0.577 0.245 27.325)");

  await button.click();
  for (const title of ["First (desktop)", "Second (desktop)"]) {
    await page
      .getByTestId("attention-item")
      .filter({ has: page.getByRole("heading", { name: title }) })
      .getByRole("button", { name: "Use server" })
      .click();
  }
  await expect(page.getByTestId("attention-empty")).toContainText("Nothing needs your attention.");
  await page.getByRole("button", { name: "Back to the admin panel" }).click();
  await expect(page.getByTestId("status-area").getByText(/needs attention/i)).toHaveCount(0);
});
