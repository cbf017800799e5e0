/**
 * The home page of a site too large to send whole: a server of its own with 300 projects. The
 * first screenful comes first, the rest loads as the visitor scrolls (or presses 'Load more projects'), each
 * sort is the server's over the whole list, and the list ends saying so.
 */
import type { Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";
import { test as base, expect, expectLiveProjects, gotoReady, OWNER } from "./fixtures.ts";

const TOTAL = 300;
const BUILT_IN = 14;
/** The latest project, last by title: in A-Z it is on the last page, far from the first screenful. */
const LATEST_TITLE = "Zulu, the newest";

/**
 * One server per worker for this file, seeded once: the tests only read the list, so they share the 300
 * projects instead of each making its own server and 286 projects (most of this file's time). The tests run
 * in order in one worker (mode "default"), so the file seeds once.
 */
const test = base.extend<{ server: RealServer }, { pagedServer: RealServer }>({
  pagedServer: [
    async ({ playwright }, use) => {
      const server = await startRealServer();
      const api = await playwright.request.newContext({
        baseURL: server.baseUrl,
        extraHTTPHeaders: { Origin: server.baseUrl },
      });
      expect(
        (await api.post("/api/login", { data: { username: OWNER.username, password: OWNER.password } })).status(),
      ).toBe(200);
      // One fewer than the paged projects a test would need: the latest project makes the 300th.
      const numbers = Array.from({ length: TOTAL - BUILT_IN - 1 }, (_, i) => String(i + 1).padStart(3, "0"));
      // Ten at a time: the server writes them one after another anyway.
      for (let i = 0; i < numbers.length; i += 10) {
        const created = await Promise.all(
          numbers.slice(i, i + 10).map((n) =>
            api.post("/api/projects", {
              data: {
                title: `Paged project ${n}`,
                description: `Number ${n}.`,
                tags: ["e2e"],
                isArchived: n.endsWith("7"),
              },
            }),
          ),
        );
        for (const answer of created) expect(answer.status()).toBe(201);
      }
      const latest = await api.post("/api/projects", {
        data: { title: LATEST_TITLE, description: "The latest.", tags: [], isLatest: true },
      });
      expect(latest.status()).toBe(201);
      await api.dispose();
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  server: async ({ pagedServer }, use) => {
    await use(pagedServer);
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
});
test.describe.configure({ mode: "default" });

const cards = (page: Page) => page.locator(".project-card");
const more = (page: Page) => page.getByTestId("more-projects");
const cardTitles = (page: Page) => cards(page).locator("h3").allTextContents();

/** Scrolls to the end of the grid until the list says it is whole. */
async function scrollToEnd(page: Page) {
  for (let round = 0; round < 40; round++) {
    if ((await more(page).getAttribute("data-state")) === "end") return;
    const before = await cards(page).count();
    await more(page).scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await more(page).getAttribute("data-state")) === "end" || (await cards(page).count()) > before)
      .toBe(true);
  }
  throw new Error("the list never ended");
}

test("shows the first screenful, loads the rest while scrolling, and says when all are shown", async ({ page }) => {
  // Scrolls all 300 cards in and scans the page twice with axe, after the 286 projects of the set-up: on two
  // busy cores that passes the default 45 s though nothing hangs.
  test.slow();
  await gotoReady(page, "/");
  await expectLiveProjects(page);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByTestId("projects-hint")).toContainText(`${TOTAL} projects`);
  await expect(more(page).getByRole("status")).toHaveText(`12 of ${TOTAL} projects shown.`);
  const found = await seriousViolations(page, { where: "Home, first screenful of a large site" });

  await scrollToEnd(page);
  await expect(more(page).getByRole("status")).toHaveText(`All ${TOTAL} projects shown.`);
  await expect(more(page).getByRole("button")).toHaveCount(0);
  found.push(...(await seriousViolations(page, { where: "Home, every project shown" })));
  expect(found).toEqual([]);
  const ids = await cards(page).evaluateAll((els) => els.map((el) => el.id));
  expect(ids).toHaveLength(TOTAL);
  expect(new Set(ids).size).toBe(TOTAL);
});

test("sorts the whole list on the server: A-Z and Status page on from their own first page", async ({ page }) => {
  await gotoReady(page, "/");
  await expectLiveProjects(page);

  await page.getByRole("button", { name: "A-Z", exact: true }).click();
  await expect(page.getByTestId("project-grid")).toHaveAttribute("data-sort", "az");
  await expect(page.getByTestId("project-grid")).not.toHaveAttribute("aria-busy", "true");
  await expect(cards(page)).toHaveCount(12);
  // The keyboard's way on: the button after the grid.
  await more(page).getByRole("button", { name: "Load more projects" }).focus();
  await page.keyboard.press("Enter");
  await expect(cards(page)).toHaveCount(36);
  // The first 36 of the whole list by title, whatever the pages seen before held.
  const every = (await (await page.request.get("/api/projects")).json()) as { projects: { title: string }[] };
  const byTitle = every.projects.map((p) => p.title).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  expect(await cardTitles(page)).toEqual(byTitle.slice(0, 36));

  await page.getByRole("button", { name: "Status", exact: true }).click();
  await expect(page.getByTestId("project-grid")).toHaveAttribute("data-sort", "status");
  await expect(page.getByTestId("project-grid")).not.toHaveAttribute("aria-busy", "true");
  await expect(cards(page).first().getByText("Latest", { exact: true })).toBeVisible();
  await scrollToEnd(page);
  const status = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-status")));
  const rank = { latest: 0, active: 1, archived: 2 } as Record<string, number>;
  expect(status).toHaveLength(TOTAL);
  expect(status.filter((s) => s === "latest")).toHaveLength(1);
  expect(status.map((s) => rank[s ?? ""])).toEqual(status.map((s) => rank[s ?? ""]).sort());
});

test("Random again is a new order over the whole list, paged without repeats", async ({ page }) => {
  await gotoReady(page, "/");
  await expectLiveProjects(page);
  await page.getByRole("button", { name: "A-Z", exact: true }).click();
  await expect(page.getByTestId("project-grid")).toHaveAttribute("data-sort", "az");
  await page.getByRole("button", { name: "Random", exact: true }).click();
  await expect(page.getByTestId("project-grid")).toHaveAttribute("data-sort", "random");
  await expect(page.getByTestId("project-grid")).not.toHaveAttribute("aria-busy", "true");
  await expect(cards(page)).toHaveCount(12);
  await scrollToEnd(page);
  const ids = await cards(page).evaluateAll((els) => els.map((el) => el.id));
  expect(new Set(ids).size).toBe(TOTAL);
});

test.describe(() => {
  // Follows the 'Last seen' badge's smooth scroll to a card on a later page: with motion allowed, not the
  // reduced motion the other tests run with (playwright.config.ts), whose live badge would otherwise draw
  // frames for as long as they scroll.
  test.use({ reducedMotion: "no-preference" });

  test("'Last seen working on' finds the latest project though the pages shown do not hold it", async ({ page }) => {
    const every = (await (await page.request.get("/api/projects")).json()) as {
      projects: { _id: string; title: string }[];
    };
    const latest = every.projects.filter((p) => p.title === LATEST_TITLE);
    expect(latest).toHaveLength(1);
    const latestId = latest[0]?._id;
    await gotoReady(page, "/");
    await expectLiveProjects(page);
    await page.getByRole("button", { name: "A-Z", exact: true }).click();
    await expect(page.getByTestId("project-grid")).toHaveAttribute("data-sort", "az");
    await expect(page.getByTestId("project-grid")).not.toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("last-seen-badge")).toContainText(LATEST_TITLE);
    await page.getByTestId("last-seen-badge").click();
    await expect(page.locator(`#project-${latestId}`)).toHaveAttribute("data-highlighted", "true");
    await expect(page.locator(`#project-${latestId}`)).toBeInViewport();
  });
});
