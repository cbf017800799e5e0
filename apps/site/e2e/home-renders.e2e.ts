/**
 * What the home page renders once it has hydrated: only what changed (docs/performance.md, "The public
 * pages"). React's commits are counted through the hook React DevTools uses, which React calls after every
 * commit; a project card's article element is rendered again when React gives it a new props object.
 */
import type { Page } from "@playwright/test";
import { expect, expectLiveProjects, gate, gotoReady, PROJECTS_LIST, pauseClock, test } from "./fixtures.ts";

const PROFILE = /\/api\/settings\/profile$/;

interface Renders {
  commits: number;
  /** Commits in which a card already on the page got new props. */
  cardRenders: number;
}

/** Before the page's scripts: a DevTools hook that counts commits and card renders into `window.__renders`. */
async function countRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts: Renders = { commits: 0, cardRenders: 0 };
    const seen = new WeakMap<Element, unknown>();
    const propsOf = (element: Element) => {
      const key = Object.keys(element).find((name) => name.startsWith("__reactProps$"));
      return key ? (element as unknown as Record<string, unknown>)[key] : undefined;
    };
    Object.assign(window, {
      __renders: counts,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: () => {
          counts.commits++;
          let rendered = false;
          for (const card of document.querySelectorAll("article.project-card")) {
            const props = propsOf(card);
            if (seen.has(card) && seen.get(card) !== props) rendered = true;
            seen.set(card, props);
          }
          if (rendered) counts.cardRenders++;
        },
      },
    });
  });
}

const renders = (page: Page) => page.evaluate(() => (window as unknown as { __renders: Renders }).__renders);

/** Holds the live project list until the test ends, so the cards stay the prerendered ones. */
async function holdProjectList(page: Page): Promise<void> {
  const held = gate();
  await page.route(PROJECTS_LIST, async (route) => {
    await held.passed;
    await route.continue();
  });
}

test("the age figure ticks without React rendering anything", async ({ page }) => {
  await countRenders(page);
  await holdProjectList(page);
  const profile = page.waitForResponse(PROFILE);
  await gotoReady(page, "/");
  await profile;
  const figure = page.getByTestId("age-figure");
  // A tick past hydration, the session check and the profile's answer: then only the figure changes.
  const first = (await figure.textContent()) ?? "";
  await expect(figure).not.toHaveText(first);
  const before = await renders(page);
  const second = (await figure.textContent()) ?? "";
  await expect(figure).not.toHaveText(second);
  const third = (await figure.textContent()) ?? "";
  await expect(figure).not.toHaveText(third);
  expect((await renders(page)).commits).toBe(before.commits);
});

test("the server's profile, the same as the page shows, renders nothing", async ({ page }) => {
  await countRenders(page);
  await holdProjectList(page);
  const profileHeld = gate();
  await page.route(PROFILE, async (route) => {
    await profileHeld.passed;
    await route.continue();
  });
  await page.clock.install();
  await gotoReady(page, "/");
  // The age figure's timer stands still, so a commit now could only be the profile's.
  await pauseClock(page);
  // Hydration and the session check commit first: wait until the count stands still.
  let before = await renders(page);
  await expect
    .poll(async () => {
      const now = await renders(page);
      const still = now.commits > 0 && now.commits === before.commits;
      before = now;
      return still;
    })
    .toBe(true);
  const answered = page.waitForResponse(PROFILE);
  profileHeld.open();
  await (await answered).finished();
  // Nothing is to happen, so there is no moment to wait for: the page's answer settles within a few turns of
  // its event loop (the clock stands, so only the answer could commit meanwhile), given half a second.
  await page.waitForTimeout(500);
  expect((await renders(page)).commits).toBe(before.commits);
});

test("the session check after hydration renders none of the project cards again", async ({ page }) => {
  await countRenders(page);
  await holdProjectList(page);
  const profile = page.waitForResponse(PROFILE);
  await gotoReady(page, "/");
  await profile;
  await expect(page.locator("article.project-card")).toHaveCount(14);
  // Hydration, the session check and the profile have all committed by the time the figure ticks twice.
  const figure = page.getByTestId("age-figure");
  const first = (await figure.textContent()) ?? "";
  await expect(figure).not.toHaveText(first);
  const second = (await figure.textContent()) ?? "";
  await expect(figure).not.toHaveText(second);
  expect((await renders(page)).cardRenders).toBe(0);
});

test("the live list of the same projects under the server's ids keeps each card's elements", async ({ page }) => {
  const held = gate();
  await page.route(PROJECTS_LIST, async (route) => {
    await held.passed;
    await route.continue();
  });
  await gotoReady(page, "/");
  const cards = page.locator("article.project-card");
  await expect(cards).toHaveCount(14);
  const built = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      Object.assign(article, { __prerendered: true });
      return article.id;
    }),
  );
  expect(built.every((id) => id.startsWith("project-fallback-"))).toBe(true);
  held.open();
  await expectLiveProjects(page);
  const live = await cards.evaluateAll((articles) =>
    articles.map((article) => ({ id: article.id, kept: "__prerendered" in article })),
  );
  expect(live).toHaveLength(14);
  // The server's seeded copies: other ids, the same projects, in the same elements.
  expect(live.filter(({ id }) => id.startsWith("project-fallback-"))).toEqual([]);
  expect(live.filter(({ kept }) => !kept)).toEqual([]);
});

test("hydration writes nothing into the history; the first navigation gives the first entry its index", async ({
  page,
}) => {
  await gotoReady(page, "/");
  expect(await page.evaluate(() => window.history.state)).toBeNull();
  await page.getByRole("link", { name: "Open the playlist shuffler" }).click();
  await expect(page).toHaveURL(/\/playlist-shuffler$/);
  expect(await page.evaluate(() => (window.history.state as { idx?: unknown }).idx)).toBe(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window.history.state as { idx?: unknown }).idx)).toBe(0);
});
