/** The Dashboard: figures, sign-ups waiting for activation, the Twitch connection and the audit log. */
import { expect, feedback, openPanel, ownerAccount, ROLE_PERMISSIONS, test } from "./admin-support.ts";

// A fresh database for each test: this file counts every project and user of the site and reads the whole audit log.
test.use({ ownServer: true });

// Each test starts its own server and logs in; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

test("figures: projects by status, users by state and role; activating a waiting sign-up", async ({
  page,
  login,
  createAccount,
}) => {
  await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  await createAccount({ prefix: "mod", permissions: ROLE_PERMISSIONS.moderator });
  const waiting = await createAccount({ prefix: "wait", active: false });
  await login(ownerAccount);
  await openPanel(page);

  const projects = page.getByTestId("stat-projects");
  await expect(projects.locator("dd")).toHaveText(["14", "1", "11", "2"]);
  await expect(projects.locator("dt")).toHaveText(["Total", "Latest", "Active", "Archived"]);
  await expect(page.getByTestId("stat-users").locator("dd")).toHaveText(["4", "3", "1"]);
  const roles = page.getByTestId("stat-roles");
  await expect(roles.locator("dt")).toHaveText(["Owner", "Administrator", "Moderator", "User"]);
  await expect(roles.locator("dd")).toHaveText(["1", "1", "1", "1"]);

  const pending = page.getByTestId("pending-row");
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(waiting.username);
  await expect(pending).toContainText(waiting.email);
  await page.getByRole("button", { name: `Activate ${waiting.username}` }).click();
  await expect(feedback(page)).toHaveText(`User "${waiting.username}" activated.`);
  await expect(page.getByText("No sign-ups are waiting for activation.")).toBeVisible();
  await expect(page.getByTestId("users-inactive")).toHaveText("0");
});

test("the audit log: newest first, who and what with before/after, filters by kind and actor", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  const admin = await createAccount({ prefix: "adm", permissions: ROLE_PERMISSIONS.admin });
  const { projects } = (await (await ownerApi.get("/api/projects")).json()) as {
    projects: Array<{ _id: string; title: string }>;
  };
  const economy = projects.find((p) => p.title === "Economy Bot");
  expect((await ownerApi.patch(`/api/projects/${economy?._id}`, { data: { isArchived: true } })).status()).toBe(200);

  // The admin makes a change of their own, through the panel.
  await login(admin);
  await openPanel(page, "Projects");
  await page.getByRole("button", { name: "New Project" }).click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  await modal.getByLabel("Title").fill("Audited Project");
  await modal.getByLabel("Description").fill("Recorded in the audit log.");
  await modal.getByRole("button", { name: "Create Project" }).click();
  await expect(modal).toBeHidden();

  await page.getByRole("tab", { name: "Dashboard" }).click();
  const log = page.getByTestId("audit-log");
  const entries = log.getByTestId("audit-entry");
  await expect(entries.first()).toContainText(`${admin.username}created project "Audited Project"`);
  const edit = entries.filter({ hasText: 'edited project "Economy Bot"' });
  await expect(edit).toHaveCount(1);
  await expect(edit).toContainText("owner");
  await edit.getByText("1 field: before and after").click();
  await expect(edit.getByRole("row", { name: /Archived/ })).toHaveText("ArchivedNoYes");

  await log.getByLabel("Kind").selectOption({ label: "Projects" });
  const actions = () => entries.evaluateAll((els) => els.map((el) => el.getAttribute("data-action") ?? ""));
  await expect.poll(async () => (await actions()).every((a) => a.startsWith("project."))).toBe(true);
  await expect(log).toHaveAttribute("aria-busy", "false");
  expect((await actions()).length).toBeGreaterThanOrEqual(2);
  await expect(entries.first()).toContainText("Audited Project");

  await log.getByLabel("Who").fill("owner");
  await log.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('owneredited project "Economy Bot"');
  await log.getByRole("button", { name: "Clear filters" }).click();
  await expect(entries.filter({ hasText: "signed up as" }).first()).toBeVisible();
  // A sign-up's activation link: the visitor signed up and the server mailed it, not 'anonymous issued' it.
  const mailed = entries.filter({ hasText: "signed up; an activation link was mailed to" }).first();
  await expect(mailed).toBeVisible();
  await expect(mailed).toContainText("anonymous");
  await expect(entries.filter({ hasText: "issued an activation link" })).toHaveCount(0);
});

test("the audit log pages back in time", async ({ page, login, ownerApi }) => {
  const { projects } = (await (await ownerApi.get("/api/projects")).json()) as { projects: Array<{ _id: string }> };
  for (const round of [1, 2])
    for (const project of projects)
      await ownerApi.patch(`/api/projects/${project._id}`, { data: { description: `Edited, round ${round}` } });
  await login(ownerAccount);
  await openPanel(page);
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(25);
  await page.getByRole("button", { name: "Show older entries" }).click();
  await expect.poll(() => entries.count()).toBeGreaterThan(25);
  // Newest first across pages: the times never go up.
  const times = await entries.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
  expect(times).toEqual([...times].sort().reverse());
});

test("Twitch: not connected, and a callback the owner did not start leaves it so", async ({ page, login, server }) => {
  // Connecting for real ('Connect Twitch', then the callback) is in tools-twitch-callback.e2e.ts.
  await login(ownerAccount);
  await openPanel(page);
  await expect(page.getByTestId("twitch-status")).toContainText("Twitch not connected");
  // The owner is told what to do, not that 'the owner' does it.
  await expect(page.getByTestId("twitch-status")).toContainText(
    "Connect it with 'Connect Twitch' in the Settings tab.",
  );
  const stored = await page.request.post("/api/twitch-callback", {
    data: { accessToken: "abc123token", scope: "chat:read chat:edit", tokenType: "bearer" },
    headers: { Origin: server.baseUrl },
  });
  expect(stored.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId("twitch-status")).toContainText("Twitch not connected", { timeout: 15_000 });
});
