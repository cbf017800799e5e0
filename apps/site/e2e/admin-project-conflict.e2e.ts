/**
 * Optimistic concurrency in the Edit Project modal: the editor sends the version it
 * loaded; when someone saved the project meanwhile, it shows 'This project was changed elsewhere' with the
 * current values and lets the user reapply their edit (or keep the other version). Nothing is overwritten
 * silently.
 */
import type { APIRequestContext } from "@playwright/test";
import { editProject, expect, feedback, openPanel, ownerAccount, test } from "./admin-support.ts";

// A fresh database for each test: this file edits a seeded project, which the other files' tests read by name.
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

/** Someone else saves the project while the modal is open. */
async function editElsewhere(api: APIRequestContext, title: string, description: string): Promise<void> {
  const project = await stored(api, title);
  const res = await api.patch(`/api/projects/${project._id}`, { data: { description, version: project.version } });
  expect(res.status()).toBe(200);
}

test("a stale edit shows the current values; 'Reapply my changes' saves the edit on top of them", async ({
  page,
  login,
  ownerApi,
  dialogs,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const before = await stored(ownerApi, "Economy Bot");
  const modal = await editProject(page, "Economy Bot");
  await expect(modal.getByLabel("Title")).toHaveValue("Economy Bot");
  await editElsewhere(ownerApi, "Economy Bot", "Changed in another tab.");

  await modal.getByLabel("Title").fill("Economy Bot Mine");
  const patch = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/api/projects/"));
  await modal.getByRole("button", { name: "Save Changes" }).click();
  expect((await patch).postDataJSON()).toMatchObject({ title: "Economy Bot Mine", version: before.version });
  const conflict = modal.getByTestId("project-conflict");
  await expect(conflict).toContainText("This project was changed elsewhere");
  await expect(conflict.locator('[data-field="Description"]')).toHaveText("Changed in another tab.");
  await expect(conflict.locator('[data-field="Title"]')).toHaveText("Economy Bot");
  // Nothing of mine was written, the form keeps my edit, and no alert interrupted.
  expect((await stored(ownerApi, "Economy Bot")).description).toBe("Changed in another tab.");
  await expect(modal.getByLabel("Title")).toHaveValue("Economy Bot Mine");
  expect(dialogs).toEqual([]);

  const reapply = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/api/projects/"));
  await conflict.getByRole("button", { name: "Reapply my changes" }).click();
  expect((await reapply).postDataJSON()).toMatchObject({ title: "Economy Bot Mine", version: before.version + 1 });
  await expect(modal).toBeHidden();
  await expect(feedback(page)).toHaveText('Project "Economy Bot Mine" updated.');
  expect(await stored(ownerApi, "Economy Bot Mine")).toMatchObject({ version: before.version + 2 });
});

test("'Keep theirs' loads the current values into the form, and the next save is based on them", async ({
  page,
  login,
  ownerApi,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const modal = await editProject(page, "Loan Manager");
  await expect(modal.getByLabel("Title")).toHaveValue("Loan Manager");
  await editElsewhere(ownerApi, "Loan Manager", "Their description.");

  await modal.getByLabel("Description").fill("My description.");
  await modal.getByRole("button", { name: "Save Changes" }).click();
  const conflict = modal.getByTestId("project-conflict");
  await expect(conflict).toContainText("This project was changed elsewhere");
  await conflict.getByRole("button", { name: "Keep theirs" }).click();
  await expect(conflict).toBeHidden();
  await expect(modal.getByLabel("Description")).toHaveValue("Their description.");

  await modal.getByLabel("Title").fill("Loan Manager 2");
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  expect(await stored(ownerApi, "Loan Manager 2")).toMatchObject({ description: "Their description." });
});
