import type { Page } from "@playwright/test";
import {
  expect,
  expectAfterExactly,
  expectLiveProjects,
  gate,
  gotoReady,
  PROJECTS_LIST,
  pauseClock,
  test,
} from "./fixtures.ts";

const BIRTH = new Date(2005, 10, 14).getTime();

const expectedAge = (at: number) => ((at - BIRTH) / (365.25 * 24 * 60 * 60 * 1000)).toFixed(8);

test.describe("hidden letters in the hero title", () => {
  test("the 'o' opens the playlist shuffler", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("link", { name: "Open the playlist shuffler" }).click();
    await expect(page).toHaveURL(/\/playlist-shuffler$/);
    await expect(page.getByRole("heading", { name: "Playlist Shuffler" })).toBeVisible({ timeout: 10_000 });
  });

  test("the 'a' shows the login", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("link", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  });

  test("the letters are reachable by keyboard", async ({ page }) => {
    await gotoReady(page, "/");
    const dot = page.getByRole("button", { name: "Choose a Twitch widget" });
    await dot.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Choose a Twitch widget" })).toBeVisible();
  });

  test("the dot of the 'i' opens the widget chooser, which closes on Escape and on Cancel", async ({ page }) => {
    await gotoReady(page, "/");
    const dot = page.getByTestId("hidden-i-dot");
    const dialog = page.getByRole("dialog", { name: "Choose a Twitch widget" });

    await dot.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Chat/ })).toHaveAttribute("href", "/twitchchatwidget");
    await expect(dialog.getByRole("link", { name: /Countdown/ })).toHaveAttribute("href", "/twitchcountdownwidget");
    await expect(dialog.getByRole("link", { name: /Cat of the Day/ })).toHaveAttribute(
      "href",
      "/twitchcotdwidget?setup=1",
    );
    // Focus stays inside the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(dot).toBeFocused();

    await dot.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await dot.click();
    await dialog.getByRole("link", { name: /Countdown/ }).click();
    await expect(page).toHaveURL(/\/twitchcountdownwidget$/);
  });
});

test.describe("age figure", () => {
  test("shows 8 decimals and ticks", async ({ page }) => {
    await page.clock.install();
    await gotoReady(page, "/");
    await pauseClock(page);
    const figure = page.getByTestId("age-figure");
    const first = (await figure.textContent()) ?? "";
    expect(first).toMatch(/^\d{2}\.\d{8}$/);
    // A second is about 3 units of the 8th decimal (a 50 ms refresh is a sixth of one).
    await page.clock.runFor(1000);
    await expect(figure).not.toHaveText(first);
    await expect(figure).toHaveText(/^\d{2}\.\d{8}$/);
  });

  test("follows the clock: years since 14 Nov 2005 in 365.25-day years", async ({ page }) => {
    const start = new Date(2026, 5, 1, 9, 30, 0).getTime();
    await page.clock.install({ time: start });
    await gotoReady(page, "/");
    const figure = page.getByTestId("age-figure");
    const read = async () => Number(await figure.textContent());
    const oneTick = 2e-8; // 50 ms is far below the 8th decimal; allow one step of rounding either way
    // Paused at a moment the page surely has not reached yet, however long the load took.
    const pausedAt = start + 60_000;
    await page.clock.pauseAt(pausedAt);
    await expect
      .poll(async () => Math.abs((await read()) - Number(expectedAge(pausedAt))))
      .toBeLessThanOrEqual(oneTick);
    await page.clock.runFor(10 * 60_000);
    await expect
      .poll(async () => Math.abs((await read()) - Number(expectedAge(pausedAt + 10 * 60_000))))
      .toBeLessThanOrEqual(oneTick);
    expect(await figure.textContent()).toMatch(/^\d{2}\.\d{8}$/);
  });

  test("on 14 November a click fires confetti", async ({ page }) => {
    await page.clock.setFixedTime(new Date(2026, 10, 14, 12, 0, 0));
    await gotoReady(page, "/");
    await expect(page.locator("canvas")).toHaveCount(0);
    await page.getByTestId("age-figure").click();
    await expect(page.locator("body > canvas")).toHaveCount(1);
    await expect(page.getByTestId("age-message")).toBeEmpty();
  });

  test("on another day a click shows the temporary message", async ({ page }) => {
    await page.clock.install({ time: new Date(2026, 2, 10, 12, 0, 0) });
    await gotoReady(page, "/");
    await pauseClock(page);
    await page.getByTestId("age-figure").click();
    const message = page.getByTestId("age-message");
    await expect(message).toHaveText("Maybe return later, it may do something!");
    await expect(page.locator("canvas")).toHaveCount(0);
    // Temporary: it goes after 3 s of the page's clock.
    await expectAfterExactly(
      page,
      3000,
      () => expect(message).toHaveText("Maybe return later, it may do something!"),
      () => expect(message).toBeEmpty(),
    );
  });
});

test("the dash in 'year-old' shows the server's greeting", async ({ page, request }) => {
  const { message } = (await (await request.get("/api/hello")).json()) as { message: string };
  await gotoReady(page, "/");
  const seen: Array<{ type: string; message: string }> = [];
  page.on("dialog", (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Say hello" }).click();
  await expect.poll(() => seen).toEqual([{ type: "alert", message }]);
});

/**
 * The home page once the live project list has replaced the build's: the tests' server has ids of its own,
 * so a card highlighted, hovered or measured before that would be a different card after it (or one no
 * longer in the page).
 */
async function gotoLiveHome(page: Page): Promise<void> {
  await gotoReady(page, "/");
  await expectLiveProjects(page);
  await expect(page.locator(".project-card").first()).not.toHaveAttribute("id", /^project-fallback-/);
}

test.describe("'Last seen working on' badge", () => {
  // The badge scrolls smoothly to its card (the browser's own scroll, `scrollend`): with motion allowed, not the
  // reduced motion the other tests run with (playwright.config.ts), which jumps there instead.
  test.use({ reducedMotion: "no-preference" });

  test("names the latest project, scrolls to it and highlights it until a click", async ({ page }) => {
    await page.clock.install();
    await gotoLiveHome(page);
    const badge = page.getByTestId("last-seen-badge");
    await expect(badge).toHaveText("Last seen working on Cat of the Day Stream Widget");
    const card = page.locator(".project-card").filter({ hasText: "Cat of the Day Stream Widget" });
    await expect(card).not.toBeInViewport({ ratio: 0.5 });
    await badge.click();
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await expect(card).toBeInViewport();
    // However long nobody clicks or scrolls, it stays highlighted.
    await page.clock.runFor(10_000);
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await page.mouse.click(5, 400);
    await expect(card).not.toHaveAttribute("data-highlighted");
  });

  test("the highlight clears 2 seconds after a scroll", async ({ page }) => {
    // The page's timers run on a clock the test moves; the smooth scroll is the browser's own, not a timer.
    await page.clock.install();
    await gotoLiveHome(page);
    const card = page.locator(".project-card").filter({ hasText: "Cat of the Day Stream Widget" });
    const ownScrollEnded = page.evaluate(
      () => new Promise<void>((resolve) => window.addEventListener("scrollend", () => resolve(), { once: true })),
    );
    await page.getByTestId("last-seen-badge").click();
    await ownScrollEnded;
    await expect(card).toBeInViewport();
    // From here on the clock moves only when the test says so; the visitor's scrolls count from now.
    await pauseClock(page);
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -150);
    await expect.poll(() => page.evaluate(() => window.scrollY)).not.toBe(before);
    await page.clock.runFor(1900);
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await page.clock.runFor(200);
    await expect(card).not.toHaveAttribute("data-highlighted");
  });

  test("falls back to the first project, then to 'something exciting'", async ({ page }) => {
    await page.route(PROJECTS_LIST, (route) =>
      route.fulfill({
        json: {
          projects: [
            {
              _id: "p1",
              title: "Zeta",
              description: "z",
              isArchived: false,
              isLatest: false,
              tags: [],
              createdAt: "2026-01-01",
              updatedAt: "2026-01-01",
            },
            {
              _id: "p2",
              title: "Alpha",
              description: "a",
              isArchived: false,
              isLatest: false,
              tags: [],
              createdAt: "2026-01-01",
              updatedAt: "2026-01-01",
            },
          ],
        },
      }),
    );
    await gotoReady(page, "/");
    await expect(page.getByTestId("last-seen-badge")).toHaveText("Last seen working on Zeta");
    await page.unroute(PROJECTS_LIST);
    await page.route(PROJECTS_LIST, (route) => route.fulfill({ json: { projects: [] } }));
    await gotoReady(page, "/");
    await expect(page.getByTestId("last-seen-badge")).toHaveText("Last seen working on something exciting");
    await expect(page.getByText("No projects to show yet.")).toBeVisible();
  });
});

test.describe("projects section", () => {
  const titles = (page: import("@playwright/test").Page) =>
    page.locator(".project-card").locator("h3").allTextContents();

  test("Random is the default; A-Z and Status sort as specified", async ({ page }) => {
    await gotoLiveHome(page);
    await expect(page.getByRole("button", { name: "Random" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator(".project-card")).toHaveCount(14);

    await page.getByRole("button", { name: "A-Z" }).click();
    await expect(page.getByRole("button", { name: "A-Z" })).toHaveAttribute("aria-pressed", "true");
    const az = await titles(page);
    expect(az).toEqual([...az].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })));
    expect(az).toHaveLength(14);

    await page.getByRole("button", { name: "Status" }).click();
    await expect(page.getByRole("button", { name: "Status" })).toHaveAttribute("aria-pressed", "true");
    const cards = page.locator(".project-card");
    const statuses = await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-status")));
    const status = await titles(page);
    expect(statuses[0]).toBe("latest");
    expect(status[0]).toBe("Cat of the Day Stream Widget");
    const rank = { latest: 0, active: 1, archived: 2 } as Record<string, number>;
    const ranks = statuses.map((s) => rank[s ?? ""] ?? -1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(status.slice(-2)).toEqual(["Discord Bot", "Moderation Tool"]);
    const active = status.slice(1, -2);
    expect(active).toEqual([...active].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })));

    await page.getByRole("button", { name: "Random" }).click();
    await expect(page.getByRole("button", { name: "Random" })).toHaveAttribute("aria-pressed", "true");
    let changed = false;
    for (let i = 0; i < 5 && !changed; i++) {
      const before = await titles(page);
      await page.getByRole("button", { name: "Random" }).click();
      changed = (await titles(page)).join("|") !== before.join("|");
    }
    expect(changed).toBe(true);
    expect((await titles(page)).sort()).toEqual([...az].sort());
  });

  test("cards show title, description, tags on hover, Code and Demo links and badges", async ({ page }) => {
    await gotoLiveHome(page);
    const card = page.locator(".project-card").filter({ hasText: "Portfolio Website" });
    await expect(card.getByRole("link", { name: /^Code/ })).toHaveAttribute("href", /github\.com/);
    await expect(card.getByRole("link", { name: /^Demo/ })).toHaveAttribute("href", "/");
    const tags = card.getByRole("list");
    await expect(tags).toHaveCSS("opacity", "0");
    await card.hover();
    await expect(tags).toHaveCSS("opacity", "1");
    await expect(tags.getByRole("listitem")).toHaveText(["React", "TypeScript", "Tailwind CSS", "Express"]);

    const archived = page.locator(".project-card").filter({ hasText: "Discord Bot" });
    await expect(archived.getByTestId("badge-archived")).toHaveText("Archived");
    const latest = page.locator(".project-card").filter({ hasText: "Cat of the Day Stream Widget" });
    await expect(latest.getByTestId("badge-latest")).toHaveText("Latest");
    await expect(page.getByTestId("badge-latest")).toHaveCount(1);
  });

  test("only the first latest project counts as latest", async ({ page }) => {
    const base = { description: "d", isArchived: false, tags: [], createdAt: "2026-01-01", updatedAt: "2026-01-01" };
    await page.route(PROJECTS_LIST, (route) =>
      route.fulfill({
        json: {
          projects: [
            { ...base, _id: "a", title: "Beta", isLatest: false },
            { ...base, _id: "b", title: "First Latest", isLatest: true },
            { ...base, _id: "c", title: "Second Latest", isLatest: true },
          ],
        },
      }),
    );
    await gotoReady(page, "/");
    await expect(page.locator(".project-card")).toHaveCount(3);
    await expect(page.getByTestId("badge-latest")).toHaveCount(1);
    await expect(
      page.locator(".project-card").filter({ hasText: "First Latest" }).getByTestId("badge-latest"),
    ).toBeVisible();
    await expect(page.getByTestId("last-seen-badge")).toHaveText("Last seen working on First Latest");
    await page.getByRole("button", { name: "Status" }).click();
    expect(await titles(page)).toEqual(["First Latest", "Beta", "Second Latest"]);
  });

  test("when /api/projects fails: 'Failed to connect to database' and the built-in list", async ({ page }) => {
    await page.route(PROJECTS_LIST, (route) => route.abort());
    await gotoReady(page, "/");
    await expect(page.getByText("Failed to connect to database", { exact: true })).toBeVisible();
    await expect(page.locator(".project-card")).toHaveCount(14);
    const fallbackIds = await page
      .locator(".project-card")
      .evaluateAll((els) => els.map((el) => el.id.replace(/^project-/, "")));
    expect(fallbackIds.every((id) => id?.startsWith("fallback-"))).toBe(true);
    await expect(page.getByTestId("last-seen-badge")).toHaveText("Last seen working on Cat of the Day Stream Widget");
  });

  test("the home page HTML has the projects before any script runs", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Cat of the Day Stream Widget");
    expect(html).toContain("Last seen working on");
    expect(html.match(/<article id="project-/g)).toHaveLength(14);
  });
});

test("contact: business e-mail, social links and footer", async ({ page }) => {
  await gotoReady(page, "/");
  await expect(page.getByTestId("business-email")).toHaveAttribute("href", /^mailto:.+@.+/);
  const social = page.getByRole("navigation", { name: "Social links" });
  for (const name of ["GitHub", "LinkedIn", "YouTube", "Twitch"]) {
    await expect(social.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", /^https:\/\//);
  }
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
});

test("floating buttons for a visitor: login, calendar, dark mode; no admin button", async ({ page }) => {
  await gotoReady(page, "/");
  await expect(page.getByTestId("login-button")).toBeVisible();
  await expect(page.getByTestId("calendar-button")).toBeVisible();
  await expect(page.getByTestId("dark-mode-toggle")).toBeVisible();
  await expect(page.getByTestId("admin-button")).toHaveCount(0);
  await expect(page.getByTestId("logout-button")).toHaveCount(0);
  await page.getByTestId("calendar-button").click();
  await expect(page.getByRole("heading", { name: "Project Calendar" })).toBeVisible();
  await expect(page.getByTestId("calendar-grid")).toBeVisible();
  await page.getByTestId("home-button").click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("projects grid when live data arrives", () => {
  const titles = (page: Page) => page.locator(".project-card").locator("h3").allTextContents();
  const prerenderedTitles = (html: string) =>
    [...html.matchAll(/<h3 id="project-[^"]+-title"[^>]*>(?:<a [^>]*>)?([^<]+)(?:<\/a>)?<\/h3>/g)].map((m) =>
      (m[1] ?? "").replace("&amp;", "&"),
    );

  test("keeps the order shown when the server's list holds the same projects", async ({ page, request }) => {
    const built = prerenderedTitles(await (await request.get("/")).text());
    expect(built).toHaveLength(14);
    // Hold the live answer until the prerendered grid has been read, then let the real server answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(PROJECTS_LIST, async (route) => {
      await held;
      await route.continue();
    });
    await gotoReady(page, "/");
    // The build's projects, in this visit's order.
    const shown = await titles(page);
    expect([...shown].sort()).toEqual([...built].sort());
    const answered = page.waitForResponse(PROJECTS_LIST);
    release();
    await answered;
    // The seeded copies (fresh ids) replace the built-in list the export was built with...
    await expect
      .poll(() =>
        page.locator(".project-card").evaluateAll((els) => els.every((el) => !el.id.startsWith("project-fallback-"))),
      )
      .toBe(true);
    // ...in the order the visitor already sees (other tests may add projects to the shared server meanwhile).
    const now = await titles(page);
    expect(now.filter((title) => shown.includes(title))).toEqual(shown.filter((title) => now.includes(title)));
    expect(now.length).toBeGreaterThan(10);
  });

  test("an unchanged list leaves the cards as they are", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(PROJECTS_LIST, async (route) => {
      await held;
      const projects = await page.evaluate(async () => {
        const link = document.getElementById("portfolio-data") as HTMLLinkElement;
        return (await (await fetch(link.href)).json()).projects;
      });
      await route.fulfill({ json: { projects } });
    });
    await gotoReady(page, "/");
    const before = await titles(page);
    await page.locator(".project-card").evaluateAll((els) => {
      for (const el of els) el.setAttribute("data-seen", "yes");
    });
    release();
    await expectLiveProjects(page);
    expect(await titles(page)).toEqual(before);
    // The very same elements: nothing was re-created or reshuffled.
    await expect(page.locator('.project-card[data-seen="yes"]')).toHaveCount(14);
  });

  test("an empty list shows the empty state: no cards, no hint, and a badge that is not a button", async ({ page }) => {
    await page.route(PROJECTS_LIST, (route) => route.fulfill({ json: { projects: [] } }));
    await gotoReady(page, "/");
    await expect(page.getByText("No projects to show yet. Check back soon!")).toBeVisible();
    await expect(page.locator(".project-card")).toHaveCount(0);
    await expect(page.getByTestId("projects-hint")).toHaveCount(0);
    const badge = page.getByTestId("last-seen-badge");
    await expect(badge).toHaveText("Last seen working on something exciting");
    await expect(page.getByRole("button", { name: /Last seen working on/ })).toHaveCount(0);
    expect(await badge.evaluate((el) => el.tagName)).toBe("P");
  });
});

/**
 * Math.random drawn from `seed` (mulberry32) in every script of the page, the inline ones included, so the
 * test chooses what a visit's shuffle gives.
 */
async function seedRandom(page: Page, seed: number): Promise<void> {
  await page.addInitScript((start) => {
    let state = start >>> 0;
    Math.random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }, seed);
}

/** The cards' titles in the order a visitor reads them on screen: row by row, left to right. */
function titlesOnScreen(page: Page): Promise<string[]> {
  return page.locator(".project-card").evaluateAll((cards) =>
    cards
      .map((card) => ({ title: card.querySelector("h3")?.textContent ?? "", box: card.getBoundingClientRect() }))
      .sort((a, b) => Math.round(a.box.top) - Math.round(b.box.top) || a.box.left - b.box.left)
      .map((card) => card.title),
  );
}

test.describe("Random: a new order on every visit", () => {
  const titles = (page: Page) => page.locator(".project-card").locator("h3").allTextContents();

  test("two visits show the projects in two different orders", async ({ page }) => {
    await seedRandom(page, 1);
    await gotoReady(page, "/");
    const first = await titles(page);
    // A later init script runs after the earlier one: the next visit draws from another seed.
    await seedRandom(page, 2);
    await gotoReady(page, "/");
    const second = await titles(page);
    expect(first).toHaveLength(14);
    expect(second).not.toEqual(first);
    expect([...second].sort()).toEqual([...first].sort());
    await expect(page.getByRole("button", { name: "Random" })).toHaveAttribute("aria-pressed", "true");
  });

  test("the first paint already shows this visit's order, and no card moves when the app and the live list arrive", async ({
    page,
    request,
  }) => {
    const built = [
      ...(await (await request.get("/")).text()).matchAll(
        /<h3 id="project-[^"]+-title"[^>]*>(?:<a [^>]*>)?([^<]+)(?:<\/a>)?<\/h3>/g,
      ),
    ].map((m) => (m[1] ?? "").replace("&amp;", "&"));
    await seedRandom(page, 7);
    // A hydration that found other markup than its own would say so here (and render the page afresh).
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // No script of the app runs until the first paint has been read: the page is its HTML, its inline
    // scripts and its stylesheet.
    const app = gate();
    await page.route("**/assets/*.js", async (route) => {
      await app.passed;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--below-fold").trim()),
      )
      .toBe("visible");
    await expect(page.locator(".project-card")).toHaveCount(14);
    const firstPaint = await titlesOnScreen(page);
    expect(firstPaint).not.toEqual(built);
    expect([...firstPaint].sort()).toEqual([...built].sort());

    app.open();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expectLiveProjects(page);
    await expect
      .poll(() =>
        page.locator(".project-card").evaluateAll((els) => els.every((el) => !el.id.startsWith("project-fallback-"))),
      )
      .toBe(true);
    // The same order on screen and in the page (keyboard and screen readers follow it); other tests may add
    // projects to the shared server meanwhile, after the ones shown.
    for (const now of [await titlesOnScreen(page), await titles(page)]) {
      expect(now.filter((title) => firstPaint.includes(title))).toEqual(firstPaint);
    }
    expect(errors).toEqual([]);
  });
});

test.describe("the projects hint", () => {
  test("on a screen with a mouse it says to hover a card", async ({ page }) => {
    await gotoReady(page, "/");
    const hint = page.getByTestId("projects-hint");
    await expect(hint).toBeVisible();
    // Rendered text: the wording meant for the other kind of screen is display:none.
    await expect(hint).toHaveText(/^\d+ projects, hover a card to see its stack\.$/, { useInnerText: true });
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test("it speaks of what a touch screen shows: every card lists its stack", async ({ page }) => {
      await gotoReady(page, "/");
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
      const hint = page.getByTestId("projects-hint");
      await expect(hint).toHaveText(/^\d+ projects, each card lists its stack\.$/, { useInnerText: true });
      const tags = page.locator(".project-card").first().getByRole("list");
      await expect(tags).toHaveCSS("opacity", "1");
    });

    test("every card shows its tags without a touch, and nothing on the page speaks of hovering", async ({ page }) => {
      await gotoReady(page, "/");
      // The live list replaces the built-in cards: read them once it is in, not while they are swapped.
      await expectLiveProjects(page);
      const opacities = await page
        .locator(".project-card")
        .getByRole("list")
        .evaluateAll((lists) => lists.map((list) => getComputedStyle(list).opacity));
      expect(opacities).toHaveLength(14);
      expect(new Set(opacities)).toEqual(new Set(["1"]));
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text: the mouse wording is display:none here.
      expect(await page.locator("body").innerText()).not.toMatch(/hover/i);
    });
  });
});

test("the 'Last seen working on' badge never names an archived project", async ({ page }) => {
  const base = { description: "d", tags: [], createdAt: "2026-01-01", updatedAt: "2026-01-01" };
  await page.route(PROJECTS_LIST, (route) =>
    route.fulfill({
      json: {
        projects: [
          { ...base, _id: "a", title: "Retired Bot", isArchived: true, isLatest: true },
          { ...base, _id: "b", title: "Old Tool", isArchived: true, isLatest: false },
          { ...base, _id: "c", title: "Current Thing", isArchived: false, isLatest: false },
        ],
      },
    }),
  );
  await gotoReady(page, "/");
  await expect(page.getByTestId("last-seen-badge")).toHaveText("Last seen working on Current Thing");
  await page.getByTestId("last-seen-badge").click();
  await expect(page.locator(".project-card").filter({ hasText: "Current Thing" })).toHaveAttribute(
    "data-highlighted",
    "true",
  );
});

test("the hero heading is named by its words, with the hidden letters laid over their letters", async ({ page }) => {
  await gotoReady(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(/^Hi, I'm .+\. Software developer\.$/);
  // Each control covers its letter in the heading: the overlay repeats the heading's text box for box.
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  const overlay = await page.getByTestId("hero-letters").boundingBox();
  expect(overlay).toEqual(heading);
  const o = await page.getByTestId("hidden-o").boundingBox();
  const a = await page.getByTestId("hidden-a").boundingBox();
  expect(o && a && heading && o.y > heading.y + heading.height / 3 && Math.abs(o.y - a.y) < 1).toBe(true);
  await page.getByTestId("hidden-o").hover();
  await page.getByTestId("hidden-o").click();
  await expect(page).toHaveURL(/\/playlist-shuffler$/);
});

test("the cards' Code and Demo icons are drawn once and referenced, and each shows at 16 px", async ({ page }) => {
  await gotoLiveHome(page);
  const icons = await page.locator(".project-card svg use").evaluateAll((uses) =>
    uses.map((use) => {
      const href = use.getAttribute("href") ?? "";
      const box = (use.closest("svg") as SVGSVGElement).getBoundingClientRect();
      return { drawn: document.querySelector(href)?.tagName.toLowerCase(), width: box.width, height: box.height };
    }),
  );
  expect(icons.length).toBeGreaterThanOrEqual(14);
  for (const icon of icons) expect(icon).toEqual({ drawn: "symbol", width: 16, height: 16 });
});
