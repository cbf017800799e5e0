/**
 * The trash in the admin panel: a deleted project can be put back at once with 'Undo' (a toast
 * button that takes focus and is announced), or later from the Trash tab (projects:delete), which lists
 * what was deleted, by whom and when it will be purged, with Restore and 'Delete now'.
 */
import type { APIRequestContext } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { expect, feedback, openPanel, ownerAccount, projectRow, ROLE_PERMISSIONS, test } from "./admin-support.ts";

// A fresh database for each test: this file deletes, restores and purges seeded projects, which the other files' tests read by name.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

async function projectId(api: APIRequestContext, title: string): Promise<string> {
  const { projects } = (await (await api.get("/api/projects")).json()) as {
    projects: { _id: string; title: string }[];
  };
  const project = projects.find((p) => p.title === title);
  if (!project) throw new Error(`No project titled ${title}`);
  return project._id;
}

async function deleteByApi(api: APIRequestContext, title: string): Promise<string> {
  const id = await projectId(api, title);
  expect((await api.delete(`/api/projects/${id}`)).status()).toBe(204);
  return id;
}

test("'Undo' after a delete takes focus, is announced, and puts the project back", async ({
  page,
  login,
  ownerApi,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await projectRow(page, "Economy Bot").getByRole("button", { name: "Delete Economy Bot" }).click();
  await page.getByRole("dialog", { name: "Delete project" }).getByRole("button", { name: "Delete" }).click();
  await expect(projectRow(page, "Economy Bot")).toHaveCount(0);

  // Announced politely, with the Undo button focused so a keyboard reaches it at once.
  const toast = page.getByRole("status").filter({ has: page.getByTestId("admin-feedback") });
  await expect(toast).toContainText('Project "Economy Bot" deleted. It is in the trash.');
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(feedback(page)).toHaveText('Project "Economy Bot" restored.');
  await expect(projectRow(page, "Economy Bot")).toHaveCount(1);
  const { items } = (await (await ownerApi.get("/api/admin/trash")).json()) as { items: unknown[] };
  expect(items).toEqual([]);
});

test("'Undo' stays while it has focus, then goes with the message after 10 seconds", async ({ page, login }) => {
  await page.clock.install();
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await projectRow(page, "Loan Manager").getByRole("button", { name: "Delete Loan Manager" }).click();
  await page.getByRole("dialog", { name: "Delete project" }).getByRole("button", { name: "Delete" }).click();
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await page.clock.fastForward("00:15");
  await expect(undo).toBeVisible();
  // Focus moves on: the usual 10 seconds run from here.
  await page.getByRole("tab", { name: "Projects" }).focus();
  await page.clock.fastForward("00:09");
  await expect(undo).toBeVisible();
  await page.clock.fastForward("00:02");
  await expect(undo).toHaveCount(0);
  await expect(projectRow(page, "Loan Manager")).toHaveCount(0);
});

test("a restore of a project purged meanwhile says why it failed", async ({ page, login, ownerApi }) => {
  const id = await deleteByApi(ownerApi, "Loan Manager");
  await login(ownerAccount);
  await openPanel(page, "Trash");
  await expect(page.getByTestId("trash-item")).toHaveCount(1);
  expect((await ownerApi.delete(`/api/admin/trash/project/${id}`)).status()).toBe(204);
  await page.getByRole("button", { name: "Restore Loan Manager" }).click();
  const alert = page.getByRole("alert").filter({ has: page.getByTestId("admin-feedback") });
  await expect(alert).toContainText("Could not restore the project.");
  await expect(alert).toContainText("That project is not in the trash.");
  await expect(page.getByText("The trash is empty")).toBeVisible();
});

test("the Trash tab lists what was deleted, restores it, and deletes it for good after asking", async ({
  page,
  login,
  ownerApi,
}) => {
  const loanId = await deleteByApi(ownerApi, "Loan Manager");
  await deleteByApi(ownerApi, "Economy Bot");
  await login(ownerAccount);
  await openPanel(page, "Trash");
  const tab = page.getByTestId("trash-tab");
  await expect(tab).toHaveAttribute("data-state", "loaded");
  const items = tab.getByTestId("trash-item");
  // Newest deletion first, with who deleted it and when it will be purged.
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Economy Bot");
  await expect(items.first()).toContainText(/Deleted by owner, just now\. Purged on \w{3} \d{1,2}, \d{4}\./);

  await tab.getByRole("button", { name: "Restore Loan Manager" }).click();
  await expect(feedback(page)).toHaveText('Project "Loan Manager" restored.');
  await expect(items).toHaveCount(1);
  expect(await projectId(ownerApi, "Loan Manager")).toBe(loanId);

  await tab.getByRole("button", { name: "Delete now: Economy Bot" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete for good" });
  await expect(confirm).toContainText(
    'Delete "Economy Bot" now? It leaves the trash for good, with its history, and cannot be restored.',
  );
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  const purge = page.waitForRequest((r) => r.method() === "DELETE" && r.url().includes("/api/admin/trash/project/"));
  await confirm.getByRole("button", { name: "Delete now" }).click();
  await purge;
  await expect(feedback(page)).toHaveText('Project "Economy Bot" deleted for good.');
  await expect(tab.getByText("The trash is empty")).toBeVisible();
  await expect(items).toHaveCount(0);
});

test("the Trash tab is there only for whoever may delete projects", async ({ page, login, createAccount }) => {
  const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  await login(moderator);
  await page.goto("/admin/settings#trash");
  await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("tab", { name: "Projects" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Trash" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true");
});

test("the Trash tab, empty and not, is axe-clean in both themes and fits 390 px", async ({ page, login, ownerApi }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(ownerAccount);
  const found: string[] = [];
  for (const theme of ["dark", "light"] as const) {
    await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    await openPanel(page, "Trash");
    await expect(page.getByText("The trash is empty")).toBeVisible();
    found.push(...(await seriousViolations(page, { where: `${theme} empty trash` })));
  }
  await deleteByApi(ownerApi, "Economy Bot");
  for (const theme of ["dark", "light"] as const) {
    await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    await openPanel(page, "Trash");
    await expect(page.getByTestId("trash-item")).toHaveCount(1);
    found.push(...(await seriousViolations(page, { where: `${theme} trash` })));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scroll at 390 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/trash-${theme}-390.png` });
  }
  expect(found).toEqual([]);
});
