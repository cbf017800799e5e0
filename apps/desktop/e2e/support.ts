/** Small steps the desktop renderer tests share: the server's side (the web), and the panel's rows. */
import { expect, type Page } from "@playwright/test";
import type { TestClient, TestServer } from "@portfolio/testing/server/test-server.ts";
import { connectAsOwner, OWNER } from "./desktop-fixture.ts";

export interface ServerProject {
  _id: string;
  title: string;
  description: string;
  version: number;
  tags: string[];
  isArchived: boolean;
  isLatest: boolean;
}

/** The owner on the web, with a session. */
export function onTheWeb(server: TestServer): Promise<TestClient> {
  return server.login(OWNER.username, OWNER.password);
}

export async function createOnServer(web: TestClient, title: string, description = `About ${title}.`) {
  const res = await web.post<ServerProject>("/api/projects", {
    title,
    description,
    tags: [],
    isArchived: false,
    isLatest: false,
  });
  if (res.status !== 201) throw new Error(`creating ${title} failed: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * The start most offline tests share: one project made on the web, then the app opened, connected as the
 * owner, on its Projects tab. Gives the owner's web client for what the test checks on the server after.
 */
export async function connectedWithProject(
  page: Page,
  openApp: (page: Page) => Promise<void>,
  server: TestServer,
  title: string,
): Promise<TestClient> {
  const web = await onTheWeb(server);
  await createOnServer(web, title);
  await openApp(page);
  await connectAsOwner(page, server);
  await openTab(page, "Projects");
  return web;
}

export async function serverProjects(web: TestClient): Promise<ServerProject[]> {
  return (await web.get<{ projects: ServerProject[] }>("/api/projects")).body.projects;
}

export async function serverProject(web: TestClient, title: string): Promise<ServerProject | undefined> {
  return (await serverProjects(web)).find((p) => p.title === title);
}

/** A row of the Projects tab by its title (the row header also holds 'Not synced' while a change waits). */
export function projectRow(page: Page, title: string) {
  return page
    .getByTestId("project-row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${escapeRegExp(title)}( Not synced)?$`) }) });
}

export async function openTab(page: Page, tab: "Dashboard" | "Users" | "Projects" | "Trash" | "Settings") {
  await page.getByRole("tab", { name: tab }).click();
}

/** Opens the Settings tab on one of its sections through the section navigation. */
export async function openSettings(page: Page, section: "Roles" | "Site" | "Account" | "Sessions and devices") {
  await openTab(page, "Settings");
  const link = page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: section });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

/**
 * How many projects the Projects tab lists, read from its summary line ("14 projects on the site."), which
 * appears only once the list has loaded: a row count taken earlier would be of a table still loading.
 */
export async function loadedProjectCount(page: Page): Promise<number> {
  const summary = page.getByText(/^\d+ projects? on the site\.$/);
  await expect(summary).toBeVisible();
  return Number.parseInt((await summary.textContent()) ?? "", 10);
}

/** Creates a project in the desktop's Projects tab. */
export async function createInApp(page: Page, title: string, description = `About ${title}.`) {
  const newButton = page.getByRole("button", { name: /^(New Project|Create Your First Project)$/ }).first();
  await newButton.click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  await modal.getByLabel("Title").fill(title);
  await modal.getByLabel("Description").fill(description);
  await modal.getByRole("button", { name: "Create Project" }).click();
  await modal.waitFor({ state: "hidden" });
}

/** Changes a project's title in the desktop's Edit Project modal. */
export async function renameInApp(page: Page, from: string, to: string) {
  await projectRow(page, from)
    .getByRole("button", { name: `Edit ${from}` })
    .click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal.getByLabel("Title").fill(to);
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await modal.waitFor({ state: "hidden" });
}

export async function deleteInApp(page: Page, title: string) {
  await projectRow(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog").waitFor({ state: "hidden" });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * After the device's token was revoked on the web: the next sync is refused and the app asks to sign in again.
 * That sync is either the one 'Sync now' starts or one the app starts by itself first (which takes the button
 * away mid-click), so the click is tried again only while neither has happened.
 */
export async function syncUntilSignInAgain(page: Page): Promise<void> {
  const signInAgain = page.getByRole("heading", { name: "Sign in again" });
  await expect(async () => {
    if (!(await signInAgain.isVisible()))
      await page.getByRole("button", { name: "Sync now" }).click({ timeout: 2_000 });
    await expect(signInAgain).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}
