/** The Projects tab, the Edit Project modal and the home page's edit buttons (spec sections 2, 5, 6, 7, 8). */
import type { Page } from "@playwright/test";
import {
  editProject,
  expect,
  feedback,
  openPanel,
  ownerAccount,
  projectRow,
  ROLE_PERMISSIONS,
  test,
} from "./admin-support.ts";

// A fresh database for each test: this file counts, sorts, edits and deletes the seeded projects, which the other files' tests read.
test.use({ ownServer: true });

// Each test starts its own server and logs in; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const titles = (page: Page) => page.getByTestId("project-row").getByRole("rowheader").allTextContents();
const sortedAz = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));

test("the table sorts by Title and by Status; chips, 3 tags plus '+N'", async ({ page, login }) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await expect(page.getByTestId("project-row")).toHaveCount(14);
  const titleHeader = page.getByRole("columnheader", { name: /Title/ });
  const statusHeader = page.getByRole("columnheader", { name: /Status/ });
  await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");
  const az = await titles(page);
  expect(az).toEqual(sortedAz(az));

  await titleHeader.getByRole("button").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "descending");
  expect(await titles(page)).toEqual([...az].reverse());

  await statusHeader.getByRole("button").click();
  await expect(statusHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(titleHeader).toHaveAttribute("aria-sort", "none");
  const byStatus = await titles(page);
  expect(byStatus[0]).toBe("Cat of the Day Stream Widget");
  expect(byStatus.slice(-2)).toEqual(["Discord Bot", "Moderation Tool"]);
  expect(byStatus.slice(1, -2)).toEqual(sortedAz(byStatus.slice(1, -2)));
  await statusHeader.getByRole("button").click();
  await expect(statusHeader).toHaveAttribute("aria-sort", "descending");
  expect((await titles(page)).slice(0, 2)).toEqual(["Discord Bot", "Moderation Tool"]);

  await expect(projectRow(page, "Cat of the Day Stream Widget").getByTestId("status-chip")).toHaveText(["Latest"]);
  await expect(projectRow(page, "Discord Bot").getByTestId("status-chip")).toHaveText(["Archived"]);
  await expect(projectRow(page, "Economy Bot").getByTestId("status-chip")).toHaveText(["Active"]);
  const portfolio = projectRow(page, "Portfolio Website");
  await expect(portfolio.getByTestId("project-row-tags").getByRole("listitem")).toHaveText([
    "React",
    "TypeScript",
    "Tailwind CSS",
    "+1 more",
  ]);
  await expect(portfolio).toContainText("This site: a project showcase");
});

test("creating a project: required fields, URL inputs, tag rules, empty links sent as absent", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await page.getByRole("button", { name: "New Project" }).click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  await expect(modal.getByLabel("Title")).toBeFocused();
  await expect(modal.getByLabel("Code link (GitHub)")).toHaveAttribute("type", "url");
  await expect(modal.getByLabel("Demo link")).toHaveAttribute("type", "url");

  // Browser-level: nothing is sent while the title or description is missing.
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/projects")) posts++;
  });
  const submit = modal.getByRole("button", { name: "Create Project" });
  await submit.click();
  expect(await modal.getByLabel("Title").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await modal.getByLabel("Title").fill("Tag Tester");
  await submit.click();
  expect(await modal.getByLabel("Description").evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(
    true,
  );
  await modal.getByLabel("Description").fill("Checks the tag rules.");
  await modal.getByLabel("Code link (GitHub)").fill("not a url");
  await submit.click();
  expect(await modal.getByLabel("Code link (GitHub)").evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
    "Enter a URL starting with https://.",
  );
  expect(posts).toBe(0);
  await modal.getByLabel("Code link (GitHub)").fill("");

  // Tags: Enter adds; empty and repeated tags are not added.
  const tag = modal.getByLabel("Tags", { exact: true });
  const tags = modal.getByTestId("editor-tags").getByRole("listitem");
  await tag.fill("TypeScript");
  await tag.press("Enter");
  await expect(tags).toHaveText(["TypeScript"]);
  await expect(tag).toHaveValue("");
  await tag.fill("   ");
  await tag.press("Enter");
  await expect(tags).toHaveCount(1);
  await tag.fill("TypeScript");
  await expect(modal.getByText('"TypeScript" is already a tag.')).toBeVisible();
  await tag.press("Enter");
  await expect(tags).toHaveCount(1);
  await tag.fill("React");
  await modal.getByRole("button", { name: "Add tag" }).click();
  await tag.fill("Vite");
  await tag.press("Enter");
  await tag.fill("SQLite");
  await tag.press("Enter");
  await expect(tags).toHaveText(["TypeScript", "React", "Vite", "SQLite"]);
  await modal.getByRole("button", { name: "Remove tag Vite" }).click();
  await expect(tags).toHaveText(["TypeScript", "React", "SQLite"]);
  // Both status flags toggle.
  await modal.getByRole("checkbox", { name: /^Archived/ }).check();
  await modal.getByRole("checkbox", { name: /^Latest/ }).check();
  await modal.getByRole("checkbox", { name: /^Latest/ }).uncheck();
  expect(posts).toBe(0);

  const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/projects"));
  const refetch = page.waitForResponse(
    (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/api/projects",
  );
  await submit.click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({
    title: "Tag Tester",
    description: "Checks the tag rules.",
    isArchived: true,
    isLatest: false,
    tags: ["TypeScript", "React", "SQLite"],
  });
  expect("github" in body || "externalLink" in body).toBe(false);
  await refetch;
  await expect(modal).toBeHidden();
  await expect(feedback(page)).toHaveText('Project "Tag Tester" created.');
  const row = projectRow(page, "Tag Tester");
  await expect(row.getByTestId("status-chip")).toHaveText(["Archived"]);
  await expect(row.getByTestId("project-row-tags").getByRole("listitem")).toHaveText(["TypeScript", "React", "SQLite"]);
});

test("editing and deleting a project, with the confirmation; the list is fetched after each", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const modal = await editProject(page, "Economy Bot");
  await expect(modal.getByLabel("Title")).toHaveValue("Economy Bot");
  await modal.getByLabel("Title").fill("Economy Bot 2");
  await modal.getByLabel("Demo link").fill("/twitchheartwidget");
  await modal.getByRole("checkbox", { name: /^Latest/ }).check();
  const patch = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/api/projects/"));
  await modal.getByRole("button", { name: "Save Changes" }).click();
  expect((await patch).postDataJSON()).toMatchObject({ title: "Economy Bot 2", externalLink: "/twitchheartwidget" });
  await expect(modal).toBeHidden();
  await expect(feedback(page)).toHaveText('Project "Economy Bot 2" updated.');
  await expect(projectRow(page, "Economy Bot 2").getByTestId("status-chip")).toHaveText(["Latest"]);

  // Clearing a stored link removes it.
  await projectRow(page, "Economy Bot 2").getByRole("button", { name: /^Edit/ }).click();
  await expect(modal.getByLabel("Demo link")).toHaveValue("/twitchheartwidget");
  await modal.getByLabel("Demo link").fill("");
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  const stored = (await (await page.request.get("/api/projects")).json()) as {
    projects: Array<{ title: string; externalLink?: string }>;
  };
  expect(stored.projects.find((p) => p.title === "Economy Bot 2")).not.toHaveProperty("externalLink");

  await projectRow(page, "Loan Manager").getByRole("button", { name: "Delete Loan Manager" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete project" });
  await expect(confirm).toContainText('Are you sure you want to delete "Loan Manager"?');
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(projectRow(page, "Loan Manager")).toHaveCount(1);
  await projectRow(page, "Loan Manager").getByRole("button", { name: "Delete Loan Manager" }).click();
  const refetch = page.waitForResponse(
    (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/api/projects",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await refetch;
  await expect(projectRow(page, "Loan Manager")).toHaveCount(0);
  await expect(page.getByTestId("project-row")).toHaveCount(13);
  await expect(feedback(page)).toHaveText('Project "Loan Manager" deleted. It is in the trash.');
});

test("empty state: 'No projects found' and 'Create Your First Project'", async ({ page, login, ownerApi }) => {
  const { projects } = (await (await ownerApi.get("/api/projects")).json()) as { projects: Array<{ _id: string }> };
  for (const project of projects) expect((await ownerApi.delete(`/api/projects/${project._id}`)).status()).toBe(204);
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await expect(page.getByText("No projects found", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "New Project" })).toHaveCount(0);
  await page.getByRole("button", { name: "Create Your First Project" }).click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  await modal.getByLabel("Title").fill("First");
  await modal.getByLabel("Description").fill("The first project.");
  await modal.getByRole("button", { name: "Create Project" }).click();
  await expect(projectRow(page, "First")).toBeVisible();
  await expect(page.getByText("No projects found", { exact: true })).toHaveCount(0);
});

test("project failures: the alerts of section 8", async ({ page, login, dialogs }) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const modal = page.getByRole("dialog", { name: "Edit Project" });

  await page.route("**/api/projects/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 500, json: { error: "Disk full." } })
      : route.fallback(),
  );
  await projectRow(page, "Economy Bot").getByRole("button", { name: /^Edit/ }).click();
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => dialogs).toEqual(["Failed to create/update project"]);
  await expect(modal.getByTestId("save-error-text")).toHaveText("Failed to create/update project");
  await expect(modal.getByTestId("save-error")).toContainText("Disk full.");
  await page.unrouteAll();
  await page.route("**/api/projects/*", (route) =>
    route.request().method() === "PATCH" ? route.abort() : route.fallback(),
  );
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => dialogs.at(-1)).toBe("Error saving project");
  await modal.getByRole("button", { name: "Cancel" }).click();

  await page.unrouteAll();
  await page.route("**/api/projects/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await projectRow(page, "Economy Bot")
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("dialog", { name: "Delete project" }).getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => dialogs.at(-1)).toBe("Failed to delete project");
  await expect(feedback(page)).toHaveText("Failed to delete project");
  await page.unrouteAll();
  await page.route("**/api/projects/*", (route) =>
    route.request().method() === "DELETE" ? route.abort() : route.fallback(),
  );
  await projectRow(page, "Economy Bot")
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("dialog", { name: "Delete project" }).getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => dialogs.at(-1)).toBe("Error deleting project");
  await expect(projectRow(page, "Economy Bot")).toHaveCount(1);
});

test.describe("the home page for holders of website:projects:edit", () => {
  test("hover edit and delete buttons on every card, the same modal, and the error banner", async ({
    page,
    login,
    createAccount,
    dialogs,
  }) => {
    const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
    await login(admin);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("logout-button")).toBeVisible();
    const card = page.locator(".project-card").filter({ hasText: "Economy Bot" });
    const edit = card.getByRole("button", { name: "Edit Economy Bot" });
    await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(14);
    await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(14);
    await expect(edit.locator("..")).toHaveCSS("opacity", "0");
    await card.hover();
    await expect(edit.locator("..")).toHaveCSS("opacity", "1");

    await edit.click();
    const modal = page.getByRole("dialog", { name: "Edit Project" });
    await expect(modal.getByLabel("Title")).toHaveValue("Economy Bot");
    await modal.getByLabel("Description").fill("A virtual economy, now edited from the home page.");
    await modal.getByRole("button", { name: "Save Changes" }).click();
    await expect(modal).toBeHidden();
    await expect(card).toContainText("now edited from the home page");

    await page.route("**/api/projects/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, json: { error: "Storage offline." } })
        : route.fallback(),
    );
    await card.hover();
    await card.getByRole("button", { name: "Delete Economy Bot" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete project" });
    await expect(confirm).toContainText('Are you sure you want to delete "Economy Bot"?');
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => dialogs).toEqual(["Failed to delete project"]);
    await expect(page.getByTestId("projects-editor-error")).toHaveText("Failed to delete project: Storage offline.");
    await page.unrouteAll();

    await card.hover();
    await card.getByRole("button", { name: "Delete Economy Bot" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.locator(".project-card").filter({ hasText: "Economy Bot" })).toHaveCount(0);
    await expect(page.getByTestId("projects-editor-error")).toHaveCount(0);
  });

  test("update failure alerts, and the permission refusals for what the account lacks, beside the button", async ({
    page,
    login,
    createAccount,
    dialogs,
  }) => {
    const editor = await createAccount({
      prefix: "ed",
      permissions: ["website:view", "website:projects:edit", "projects:edit"],
    });
    await login(editor);
    await page.goto("/");
    await expect(page.getByTestId("logout-button")).toBeVisible();
    const card = page.locator(".project-card").filter({ hasText: "Economy Bot" });
    await card.hover();
    const remove = card.getByRole("button", { name: "Delete Economy Bot" });
    await expect(remove).toHaveAttribute("aria-disabled", "true");
    await expect(remove).toHaveAccessibleDescription("You do not have permission to delete projects.");
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("permission-alert")).toHaveText("You do not have permission to delete projects.");
    await expect(card.getByTestId("permission-alert")).toHaveAttribute("role", "alert");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(dialogs).toEqual([]);

    await page.route("**/api/projects/*", (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await card.hover();
    await card.getByRole("button", { name: "Edit Economy Bot" }).click();
    const modal = page.getByRole("dialog", { name: "Edit Project" });
    await modal.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => dialogs.at(-1)).toBe("Failed to update project");
    await expect(modal.getByTestId("save-error-text")).toHaveText("Failed to update project");
    await page.unrouteAll();
    await page.route("**/api/projects/*", (route) =>
      route.request().method() === "PATCH" ? route.abort() : route.fallback(),
    );
    await modal.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => dialogs.at(-1)).toBe("Error updating project");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("projects-editor-error")).toContainText("Error updating project");
  });

  test("visitors and users without it see no buttons", async ({ page, login, createAccount }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
    const moderator = await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
    await login(moderator);
    await page.reload();
    await expect(page.getByTestId("admin-button")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  });
});
