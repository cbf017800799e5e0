/**
 * The Projects tab at a size where loading every project would not do: 120 projects, seeded
 * through the API, shown 50 a page in the database's order, with a count line, 'Previous page' and 'Next
 * page', the arrow keys between rows, and every action working on a later page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import {
  expect,
  feedback,
  openPanel,
  ownerAccount,
  projectRow,
  serverPerFileAndWorker,
  test,
} from "./admin-support.ts";
import { gate } from "./fixtures.ts";

// A database of this file's own: it seeds 120 projects and counts them, which would fill every other test's
// project list. Its tests share it (one per worker, seeded by the first test there): each leaves the 120 as
// it found them (an edit keeps the title, a deletion is undone).
serverPerFileAndWorker();

test.describe.configure({ timeout: 120_000 });

const TOTAL = 120;
const titles = (page: Page) => page.getByTestId("project-row").getByRole("rowheader").allTextContents();
const range = (page: Page) => page.getByTestId("projects-range");
const nextButton = (page: Page) => page.getByRole("button", { name: "Next page" });
const previousButton = (page: Page) => page.getByRole("button", { name: "Previous page" });

/** Adds projects up to TOTAL (the site starts with its built-in ones; a later test of the worker finds them there). */
async function seed(api: APIRequestContext): Promise<void> {
  const { total } = (await (await api.get("/api/projects?limit=1")).json()) as { total: number };
  for (let i = 1; i <= TOTAL - total; i++) {
    const response = await api.post("/api/projects", {
      data: { title: `Paged ${String(i).padStart(3, "0")}`, description: `Seeded project ${i}.`, tags: [] },
    });
    expect(response.status(), "create a project").toBe(201);
  }
}

/** The titles of the whole list A-Z, as the server pages it. */
async function azTitles(api: APIRequestContext): Promise<string[]> {
  const all: string[] = [];
  let cursor = "";
  do {
    const answer = (await (await api.get(`/api/projects?limit=100&sort=az${cursor}`)).json()) as {
      projects: { title: string }[];
      next: string | null;
    };
    all.push(...answer.projects.map((p) => p.title));
    cursor = answer.next ? `&cursor=${answer.next}` : "";
  } while (cursor);
  return all;
}

async function toSecondPage(page: Page): Promise<void> {
  await expect(range(page)).toHaveText(`Projects 1–50 of ${TOTAL}`);
  await nextButton(page).click();
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL}`);
}

test("shows 50 projects a page A-Z over the whole list, with a count line and Previous/Next", async ({
  page,
  login,
  ownerApi,
}) => {
  await seed(ownerApi);
  const az = await azTitles(ownerApi);
  await login(ownerAccount);
  const loaded: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/projects" && r.method() === "GET") loaded.push(url.search);
  });
  await openPanel(page, "Projects");
  await expect(page.getByText(`${TOTAL} projects on the site.`)).toBeVisible();
  await expect(range(page)).toHaveText(`Projects 1–50 of ${TOTAL}`);
  await expect.poll(() => titles(page)).toEqual(az.slice(0, 50));
  await expect(previousButton(page)).toBeDisabled();

  await nextButton(page).click();
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL}`);
  await expect.poll(() => titles(page)).toEqual(az.slice(50, 100));
  // The first row of the new page takes the focus, so a keyboard goes on from there.
  await expect(page.getByRole("rowheader", { name: az[50], exact: true })).toBeFocused();

  await nextButton(page).click();
  await expect(range(page)).toHaveText(`Projects 101–120 of ${TOTAL}`);
  await expect.poll(() => titles(page)).toEqual(az.slice(100));
  await expect(nextButton(page)).toBeDisabled();

  await previousButton(page).click();
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL}`);
  await expect.poll(() => titles(page)).toEqual(az.slice(50, 100));
  // No call of the tab asked for the whole list.
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.every((search) => search.includes("limit=50"))).toBe(true);
});

test("the count line moves with the rows: while the next page loads, it names the page still on screen", async ({
  page,
  login,
  ownerApi,
}) => {
  await seed(ownerApi);
  const az = await azTitles(ownerApi);
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await expect(range(page)).toHaveText(`Projects 1–50 of ${TOTAL}`);
  // The next page's answer waits until the test lets it through.
  const held = gate();
  const asked = page.waitForRequest(
    (r) => new URL(r.url()).pathname === "/api/projects" && r.url().includes("cursor="),
  );
  await page.route(/\/api\/projects\?.*cursor=/, async (route) => {
    await held.passed;
    await route.continue();
  });
  await nextButton(page).click();
  await asked;
  await expect.poll(() => titles(page)).toEqual(az.slice(0, 50));
  await expect(range(page)).toHaveText(`Projects 1–50 of ${TOTAL}`);
  held.open();
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL}`);
  await expect.poll(() => titles(page)).toEqual(az.slice(50, 100));
});

test("a click on Title reads the whole list Z-A from its first page", async ({ page, login, ownerApi }) => {
  await seed(ownerApi);
  const az = await azTitles(ownerApi);
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await toSecondPage(page);
  const titleHeader = page.getByRole("columnheader", { name: /Title/ });
  await titleHeader.getByRole("button").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "descending");
  await expect(range(page)).toHaveText(`Projects 1–50 of ${TOTAL}`);
  await expect.poll(() => titles(page)).toEqual([...az].reverse().slice(0, 50));
});

test("the arrow keys, Home and End move between the rows of a page", async ({ page, login, ownerApi }) => {
  await seed(ownerApi);
  const az = await azTitles(ownerApi);
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await expect(range(page)).toHaveText(`Projects 1–50 of ${TOTAL}`);
  await page.getByRole("button", { name: `Edit ${az[0]}`, exact: true }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("button", { name: `Edit ${az[1]}`, exact: true })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("button", { name: `Edit ${az[49]}`, exact: true })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(page.getByRole("button", { name: `Edit ${az[0]}`, exact: true })).toBeFocused();
});

test("editing a project on page 2 saves it and stays on page 2", async ({ page, login, ownerApi }) => {
  await seed(ownerApi);
  const az = await azTitles(ownerApi);
  const title = az[60] as string;
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await toSecondPage(page);
  await projectRow(page, title)
    .getByRole("button", { name: `Edit ${title}`, exact: true })
    .click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal.getByLabel("Description").fill("Edited on the second page.");
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  await expect(feedback(page)).toHaveText(`Project "${title}" updated.`);
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL}`);
  await expect(projectRow(page, title)).toContainText("Edited on the second page.");
});

test("deleting a project on page 2 asks first, and 'Undo' puts it back on that page", async ({
  page,
  login,
  ownerApi,
}) => {
  await seed(ownerApi);
  const az = await azTitles(ownerApi);
  const title = az[70] as string;
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await toSecondPage(page);
  await projectRow(page, title)
    .getByRole("button", { name: `Delete ${title}`, exact: true })
    .click();
  await page.getByRole("dialog", { name: "Delete project" }).getByRole("button", { name: "Delete" }).click();
  await expect(projectRow(page, title)).toHaveCount(0);
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL - 1}`);
  // The page fills up from the next one.
  await expect.poll(() => titles(page)).toEqual(az.filter((t) => t !== title).slice(50, 100));

  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(feedback(page)).toHaveText(`Project "${title}" restored.`);
  await expect(range(page)).toHaveText(`Projects 51–100 of ${TOTAL}`);
  await expect(projectRow(page, title)).toHaveCount(1);
  await expect.poll(() => titles(page)).toEqual(az.slice(50, 100));
});

test("at 390 px the pager fits, nothing scrolls sideways, and page 2 is axe-clean in both themes", async ({
  page,
  login,
  ownerApi,
}) => {
  await seed(ownerApi);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(ownerAccount);
  // Loaded in dark mode; the axe sweep checks the light theme's colours in place (seriousViolationsInBothThemes).
  await page.addInitScript(() => localStorage.setItem("darkMode", JSON.stringify(true)));
  await openPanel(page, "Projects");
  await toSecondPage(page);
  await nextButton(page).scrollIntoViewIfNeeded();
  const box = await nextButton(page).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scroll at 390 px").toBeLessThanOrEqual(0);
  expect(await seriousViolationsInBothThemes(page, { where: "projects page 2" })).toEqual([]);
  await page.screenshot({ path: "test-results/projects-paging-dark-390.png" });
});
