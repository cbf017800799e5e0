/**
 * The admin panel on a phone (390 x 844) and a desktop (1280 x 800): no page-level sideways scroll, a tab
 * bar that fits (or scrolls with a visible cue), Users and Projects as readable cards on a phone, and
 * floating buttons (home, dark mode, the profile bubble) that never cover a control or a table row.
 */
import type { Page } from "@playwright/test";
import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import { expect, openPanel, ownerAccount, ROLE_PERMISSIONS, test, uniqueName } from "./admin-support.ts";

// A fresh database for each test: the tests measure the whole Users tab, whose length and widest row
// would grow with every other test's accounts on a shared server.
test.use({ ownServer: true });

// Each test starts its own server and logs in; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 120_000 });

const TABS = ["Dashboard", "Users", "Projects", "Trash", "Settings"] as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Waits until a tab's content has loaded (its list, table or cards are there). */
async function showTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
  await page.getByRole("tab", { name: tab }).click();
  const ready = {
    Dashboard: page.getByTestId("audit-entry").first(),
    Users: page.getByTestId("user-row").first(),
    Projects: page.getByTestId("project-row").first(),
    Trash: page.locator('[data-testid="trash-tab"][data-state="loaded"]'),
    Settings: page.getByTestId("role-card").first(),
  }[tab];
  await expect(ready).toBeVisible({ timeout: 15_000 });
}

/** An address of exactly 70 characters, new to the server. */
function longAddress(): string {
  const domain = "@long-organisation-name.example.test";
  const local = uniqueName("addr");
  return `${local}${"x".repeat(70 - local.length - domain.length)}${domain}`;
}

/** Several users whose addresses are 70 characters long, on the Users tab the owner then opens. */
/** Six users with 70-character addresses, and the owner on the Users tab with them (seven rows). */
async function openUsersWithLongAddresses(
  page: Page,
  login: (account: { username: string; password: string }) => Promise<void>,
  createAccount: (options: { prefix: string; email: string }) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < 6; i++) await createAccount({ prefix: "long", email: longAddress() });
  await login(ownerAccount);
  await openPanel(page);
  await showTab(page, "Users");
  await expect(page.getByTestId("user-row")).toHaveCount(7);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth);
}

/**
 * Every control and table row of the panel, scrolled into view at the top and at the bottom of the window
 * as the browser does for keyboard focus: those that then overlap a floating button, the profile bubble or
 * the bars that hold them. Answers "what overlaps what".
 */
async function coveredItems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const floating = [
      ...document.querySelectorAll(
        '[data-testid="floating-buttons"] > *, [data-testid="profile-bubble"], [data-floating-bar]',
      ),
    ];
    const insideFloating = (el: Element) => floating.some((f) => f.contains(el));
    const items = [
      ...document.querySelectorAll(
        'main button, main a[href], main input, main select, main textarea, main summary, main [tabindex]:not([tabindex="-1"]), main tr',
      ),
    ].filter(
      // Shown ones only: not the inside of a closed <details>, not display:none.
      (el) => !insideFloating(el) && el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }),
    );
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const found: string[] = [];
    for (const el of items) {
      for (const block of ["start", "end"] as const) {
        el.scrollIntoView({ block, inline: "nearest" });
        const box = el.getBoundingClientRect();
        if (box.height > window.innerHeight - 160) continue; // taller than the space between the bars
        for (const f of floating) {
          if (overlaps(box, f.getBoundingClientRect()))
            found.push(
              `${name(el)} under ${f.getAttribute("data-testid") ?? f.getAttribute("data-floating-bar") ?? name(f)} (${block})`,
            );
        }
      }
    }
    window.scrollTo(0, 0);
    return [...new Set(found)];
  });
}

/** Tabs through the tab's controls: the focused control is never under a floating button. */
async function focusCovered(page: Page, presses: number): Promise<string[]> {
  const found: string[] = [];
  await page.getByRole("tab", { selected: true }).focus();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const hit = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const floating = [
        ...document.querySelectorAll(
          '[data-testid="floating-buttons"] > *, [data-testid="profile-bubble"], [data-floating-bar]',
        ),
      ];
      if (floating.some((f) => f.contains(el))) return null;
      const box = el.getBoundingClientRect();
      for (const f of floating) {
        const b = f.getBoundingClientRect();
        const x = Math.min(box.right, b.right) - Math.max(box.left, b.left);
        const y = Math.min(box.bottom, b.bottom) - Math.max(box.top, b.top);
        if (x > 0.5 && y > 0.5)
          return `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      }
      return null;
    });
    if (hit) found.push(hit);
  }
  return [...new Set(found)];
}

// The same seven rows at both sizes: one set-up (six accounts, a sign-in, the Users tab), the window resized
// between the steps as a phone turned or a window widened would be.
test("users with 70-character addresses: the page does not scroll sideways on a phone or a desktop", async ({
  page,
  login,
  createAccount,
}) => {
  await page.setViewportSize(PHONE);
  await openUsersWithLongAddresses(page, login, createAccount);
  await test.step("on a phone, 390 px wide: the page does not scroll sideways, each card fits", async () => {
    expect(await pageScrollsSideways(page)).toBe(false);
    for (const row of await page.getByTestId("user-row").all()) {
      const box = await row.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
  });
  await test.step("on a desktop, 1280 px wide: the page does not scroll sideways, every column header in view", async () => {
    await page.setViewportSize(DESKTOP);
    // The page has re-laid itself out as a table before anything is measured.
    await expect(page.getByRole("columnheader", { name: "User", exact: true })).toBeInViewport({ ratio: 1 });
    expect(await pageScrollsSideways(page)).toBe(false);
    for (const header of ["User", "Email", "Role", "Status", "Permissions", "Actions"])
      await expect(page.getByRole("columnheader", { name: header, exact: true }), header).toBeInViewport({ ratio: 1 });
  });
});

test.describe("on a phone, 390 px wide", () => {
  test.use({ viewport: PHONE });

  test("no tab scrolls the page sideways", async ({ page, login, createAccount }) => {
    await createAccount({ prefix: "moda", permissions: ROLE_PERMISSIONS.moderator });
    await login(ownerAccount);
    await openPanel(page);
    for (const tab of TABS) {
      await showTab(page, tab);
      expect(await pageScrollsSideways(page), tab).toBe(false);
    }
  });

  test("the tab bar fits, with no scroll cue", async ({ page, login }) => {
    await login(ownerAccount);
    await openPanel(page);
    const tablist = page.getByTestId("admin-tablist");
    for (const tab of TABS) await expect(page.getByRole("tab", { name: tab })).toBeInViewport({ ratio: 0.95 });
    expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByTestId("scroll-cue-after")).toHaveCount(0);
  });

  test("users and projects are cards that fit the screen, their header row gone", async ({
    page,
    login,
    createAccount,
  }) => {
    await createAccount({ prefix: "longnameduser", permissions: ROLE_PERMISSIONS.admin });
    await login(ownerAccount);
    await openPanel(page, "Users");
    for (const testId of ["users-table", "projects-table"] as const) {
      if (testId === "projects-table") await showTab(page, "Projects");
      const table = page.getByTestId(testId);
      await expect(table).toBeVisible();
      // Nothing to scroll inside the box either: every card is as wide as the screen allows.
      expect(
        await table.evaluate((el) => (el.parentElement?.scrollWidth ?? 0) <= (el.parentElement?.clientWidth ?? 0)),
      ).toBe(true);
      const row = page.getByTestId(testId === "users-table" ? "user-row" : "project-row").first();
      const box = await row.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(PHONE.width);
      expect(box?.x).toBeGreaterThanOrEqual(0);
    }
    // A user card names its fields; the column headers are for screen readers only.
    const card = page.getByTestId("user-row").first();
    await showTab(page, "Users");
    for (const label of ["Email", "Role", "Status", "Permissions"])
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Email" })).not.toBeInViewport();
  });

  test("floating buttons and the profile bubble never cover a control or a row", async ({
    page,
    login,
    createAccount,
  }) => {
    for (const prefix of ["moda", "modb", "modc"])
      await createAccount({ prefix, permissions: ROLE_PERMISSIONS.moderator });
    await login(ownerAccount);
    await openPanel(page);
    for (const tab of TABS) {
      await showTab(page, tab);
      expect(await coveredItems(page), tab).toEqual([]);
      expect(await focusCovered(page, 25), `${tab}, tabbing`).toEqual([]);
    }
  });
});

test.describe("on a phone in dark and light mode", () => {
  test.use({ viewport: PHONE });

  // Loaded in dark mode; each tab is swept in full there and for its colours in light mode, switched in place
  // (seriousViolationsInBothThemes), instead of a second server, sign-in and load for the other theme.
  test("the cards, bars and tabs have no serious accessibility violations", async ({ page, login, createAccount }) => {
    await page.addInitScript(() => localStorage.setItem("darkMode", JSON.stringify(true)));
    await createAccount({ prefix: "moda", permissions: ROLE_PERMISSIONS.moderator });
    await login(ownerAccount);
    await openPanel(page);
    const found: string[] = [];
    for (const tab of TABS) {
      await showTab(page, tab);
      found.push(...(await seriousViolationsInBothThemes(page, { where: tab })));
    }
    expect(found).toEqual([]);
  });
});

test.describe("on a narrower phone, 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the tab bar scrolls, with a fade on the side where more tabs wait", async ({ page, login }) => {
    await login(ownerAccount);
    await openPanel(page);
    expect(await pageScrollsSideways(page)).toBe(false);
    await expect(page.getByTestId("scroll-cue-after")).toBeVisible();
    await expect(page.getByTestId("scroll-cue-before")).toHaveCount(0);
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByRole("tab", { name: "Settings" })).toBeInViewport({ ratio: 0.95 });
    // The tab bar's own cues (the Settings sections' navigation has its own).
    const tabBar = page.getByTestId("admin-tablist").locator("..");
    await expect(tabBar.getByTestId("scroll-cue-before")).toBeVisible();
    await expect(tabBar.getByTestId("scroll-cue-after")).toHaveCount(0);
  });
});

test.describe("on a desktop, 1280 px wide", () => {
  test.use({ viewport: DESKTOP });

  test("floating buttons and the profile bubble never cover a control or a row", async ({
    page,
    login,
    createAccount,
  }) => {
    for (const prefix of ["moda", "modb", "modc"])
      await createAccount({ prefix, permissions: ROLE_PERMISSIONS.moderator });
    await login(ownerAccount);
    await openPanel(page);
    for (const tab of TABS) {
      await showTab(page, tab);
      expect(await pageScrollsSideways(page), tab).toBe(false);
      expect(await coveredItems(page), tab).toEqual([]);
      expect(await focusCovered(page, 25), `${tab}, tabbing`).toEqual([]);
    }
  });
});
