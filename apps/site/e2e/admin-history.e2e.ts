/**
 * A project's History panel: the versions newest first with who and when, the fields each
 * changed highlighted, 'Load older versions', and 'Restore this version' behind a confirmation listing what
 * will change; the editor then shows the restored project. A restore on a stale version is refused with a
 * clear message and the editor shows the latest one.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { editProject, expect, feedback, openPanel, ownerAccount, projectRow, test } from "./admin-support.ts";

// A fresh database for each test: this file edits and restores the seeded projects, which the other files' tests read by name.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

interface StoredProject {
  _id: string;
  title: string;
  description: string;
  version: number;
}

async function stored(api: APIRequestContext, title: string): Promise<StoredProject> {
  const { projects } = (await (await api.get("/api/projects")).json()) as { projects: StoredProject[] };
  const project = projects.find((p) => p.title === title);
  if (!project) throw new Error(`No project titled ${title}`);
  return project;
}

async function edit(api: APIRequestContext, id: string, body: Record<string, unknown>): Promise<StoredProject> {
  const res = await api.patch(`/api/projects/${id}`, { data: body });
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredProject;
}

async function openHistory(page: Page, title: string) {
  await projectRow(page, title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await expect(modal.getByLabel("Title")).toHaveValue(title);
  await modal.getByRole("button", { name: "Show history" }).click();
  const history = modal.getByTestId("history-panel");
  await expect(history).toHaveAttribute("data-state", "loaded");
  return { modal, history };
}

test("lists the versions newest first with the changed fields, and restores one after showing what will change", async ({
  page,
  login,
  ownerApi,
}) => {
  const project = await stored(ownerApi, "Economy Bot");
  await edit(ownerApi, project._id, { description: "A second description." });
  await edit(ownerApi, project._id, { title: "Economy Bot Renamed" });
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const { modal, history } = await openHistory(page, "Economy Bot Renamed");

  const versions = history.getByTestId("history-version");
  await expect(versions.first()).toContainText(`Version ${project.version + 2}`);
  await expect(versions.first()).toContainText("Edited by owner, just now");
  await expect(versions.first()).toContainText("Same as now");
  await expect(versions.first().getByTestId("history-changed-field")).toHaveText(["TitleEconomy Bot Renamed"]);
  await expect(versions.nth(1).getByTestId("history-changed-field")).toHaveText(["DescriptionA second description."]);
  // The newest version is the project as it is: nothing to restore there.
  await expect(versions.first().getByRole("button", { name: "Restore this version" })).toHaveCount(0);

  const original = versions.filter({ hasText: `Version ${project.version}` }).first();
  await original.getByRole("button", { name: "Restore this version" }).click();
  const confirm = page.getByRole("dialog", { name: `Restore version ${project.version}?` });
  await expect(confirm.getByRole("caption")).toHaveText("These 2 fields will change:");
  await expect(confirm.locator('tr[data-field="title"]')).toContainText("Economy Bot Renamed");
  await expect(confirm.locator('tr[data-field="title"] mark')).toHaveText("Economy Bot");
  await expect(confirm.locator('tr[data-field="description"] mark')).toHaveText(project.description);
  // Cancel is the safe choice and has focus.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();

  const restore = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/restore"));
  await confirm.getByRole("button", { name: `Restore version ${project.version}` }).click();
  expect((await restore).postDataJSON()).toEqual({ version: project.version, baseVersion: project.version + 2 });
  await expect(confirm).toBeHidden();
  await expect(modal.getByLabel("Title")).toHaveValue("Economy Bot");
  await expect(modal.getByLabel("Description")).toHaveValue(project.description);
  await expect(feedback(page)).toHaveText(`Project "Economy Bot" restored to version ${project.version}.`);
  await expect(versions.first()).toContainText(`Version ${project.version + 3}`);
  await expect(versions.first()).toContainText("Restored an earlier version by owner");
  expect(await stored(ownerApi, "Economy Bot")).toMatchObject({ version: project.version + 3 });
});

test("'Load older versions' pages back through a long history", async ({ page, login, ownerApi }) => {
  const project = await stored(ownerApi, "Loan Manager");
  for (let n = 1; n <= 21; n++) await edit(ownerApi, project._id, { description: `Edit number ${n}.` });
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const { history } = await openHistory(page, "Loan Manager");
  const versions = history.getByTestId("history-version");
  await expect(versions).toHaveCount(20);
  await history.getByRole("button", { name: "Load older versions" }).click();
  await expect(versions).toHaveCount(22);
  await expect(history.getByRole("button", { name: "Load older versions" })).toHaveCount(0);
  await expect(versions.last()).toContainText("The first version.");
  // The version on the page boundary now shows what it changed from the one before.
  await expect(versions.nth(19).getByTestId("history-changed-field")).toHaveText(["DescriptionEdit number 2."]);
});

test("a restore on a version changed elsewhere meanwhile is refused clearly, and the editor shows the latest", async ({
  page,
  login,
  ownerApi,
}) => {
  const project = await stored(ownerApi, "Economy Bot");
  await edit(ownerApi, project._id, { description: "Second." });
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const { modal, history } = await openHistory(page, "Economy Bot");
  await edit(ownerApi, project._id, { title: "Renamed Elsewhere" });

  const oldest = history
    .getByTestId("history-version")
    .filter({ hasText: `Version ${project.version}` })
    .first();
  await oldest.getByRole("button", { name: "Restore this version" }).click();
  await page
    .getByRole("dialog", { name: `Restore version ${project.version}?` })
    .getByRole("button", { name: `Restore version ${project.version}` })
    .click();
  await expect(history.getByTestId("history-restore-error")).toHaveText(
    "This project was changed elsewhere since you opened it, so nothing was restored. The editor now shows the latest version: check the history and restore again if you still want to.",
  );
  await expect(modal.getByLabel("Title")).toHaveValue("Renamed Elsewhere");
  await expect(history.getByTestId("history-version").first()).toContainText(`Version ${project.version + 2}`);
  expect(await stored(ownerApi, "Renamed Elsewhere")).toMatchObject({ version: project.version + 2 });
});

test("the history of a project deleted meanwhile says it could not be loaded, and why", async ({
  page,
  login,
  ownerApi,
}) => {
  const project = await stored(ownerApi, "Economy Bot");
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const modal = await editProject(page, "Economy Bot");
  await expect(modal.getByLabel("Title")).toHaveValue("Economy Bot");
  expect((await ownerApi.delete(`/api/projects/${project._id}`)).status()).toBe(204);
  await modal.getByRole("button", { name: "Show history" }).click();
  await expect(modal.getByTestId("history-panel").getByRole("alert")).toContainText(
    "Could not load the history. Project not found.",
  );
  await expect(modal.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("the History panel and its confirmation are axe-clean in both themes and fit 390 px", async ({
  page,
  login,
  ownerApi,
}) => {
  const project = await stored(ownerApi, "Economy Bot");
  await edit(ownerApi, project._id, { tags: ["TypeScript", "Discord"], isArchived: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await login(ownerAccount);
  const found: string[] = [];
  for (const theme of ["dark", "light"] as const) {
    await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    await openPanel(page, "Projects");
    const { history } = await openHistory(page, "Economy Bot");
    await expect(history.getByTestId("history-changed-field").first()).toBeVisible();
    found.push(...(await seriousViolations(page, { where: `${theme} history` })));
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/history-panel-${theme}-390.png` });
    await history.getByRole("button", { name: "Restore this version" }).first().click();
    const confirm = page.getByTestId("restore-version-dialog");
    await expect(confirm).toBeVisible();
    found.push(...(await seriousViolations(page, { where: `${theme} restore confirmation` })));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scroll at 390 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/history-${theme}-390.png`, fullPage: false });
    await confirm.getByRole("button", { name: "Cancel" }).click();
  }
  expect(found).toEqual([]);
});
