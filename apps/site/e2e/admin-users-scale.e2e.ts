/**
 * The Users tab on a site of 10,000 accounts: one page at a time from the server, paging,
 * search as you type, the role and status filters, the keyboard, and the actions on a user found by a
 * search. One seeded server for the file (seeding takes a few seconds), so the tests run in order in one
 * worker; only the last one changes a user.
 */
import type { Page } from "@playwright/test";
import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import { test as base } from "@portfolio/testing/browser/failure-screenshots.ts";
import { expect, feedback, loginAs, userRow } from "./admin-support.ts";
import { gate } from "./fixtures.ts";
import { type ScaleServer, startScaleServer } from "./scale-server.ts";

const USERS = 10_000;
const VISIBLE = { timeout: 15_000 };

const test = base.extend<{ openUsers: () => Promise<void> }, { scale: ScaleServer }>({
  scale: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const scale = await startScaleServer(USERS);
      await use(scale);
      await scale.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ scale }, use) => {
    await use(scale.server.baseUrl);
  },
  openUsers: async ({ page, scale }, use) => {
    await use(async () => {
      await loginAs(page, scale.server.baseUrl, scale.owner);
      await page.goto("/admin/settings#users");
      await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true", VISIBLE);
      await expect(page.getByTestId("user-row").first()).toBeVisible(VISIBLE);
    });
  },
});

test.describe.configure({ mode: "default", timeout: 90_000 });

const usernames = (page: Page) =>
  page.getByTestId("user-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-username")));
const search = (page: Page) => page.getByRole("searchbox", { name: "Search" });
const range = (page: Page) => page.getByTestId("users-range");
const pad = (i: number) => `user${String(i).padStart(6, "0")}`;

test("the first page: 50 rows in the spec's order, out of 10,000 accounts", async ({ page, openUsers }) => {
  await openUsers();
  await expect(page.getByText("10,000 accounts, sorted by rank, then username.")).toBeVisible();
  await expect(range(page)).toHaveText("Users 1–50 of 10,000");
  // Owner, then administrators, moderators, and the custom-permission users after them.
  await expect.poll(() => usernames(page)).toEqual(["owner", ...Array.from({ length: 49 }, (_, i) => pad(i + 1))]);
  await expect(userRow(page, "owner").getByRole("rowheader")).toContainText("owner(You)");
  await expect(userRow(page, pad(1)).getByTestId("role-badge")).toHaveText("Administrator");
  await expect(userRow(page, pad(5)).getByTestId("role-badge")).toHaveText("Moderator");
});

test("the pager goes on to later users and back, and takes the focus to the new page's first row", async ({
  page,
  openUsers,
}) => {
  await openUsers();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(range(page)).toHaveText("Users 51–100 of 10,000");
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 50 }, (_, i) => pad(i + 50)));
  await expect(userRow(page, pad(50)).getByRole("rowheader")).toBeFocused();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(range(page)).toHaveText("Users 101–150 of 10,000");
  await expect(page.getByTestId("user-row").first()).toHaveAttribute("data-username", pad(100));
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(range(page)).toHaveText("Users 51–100 of 10,000");
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(range(page)).toHaveText("Users 1–50 of 10,000");
  await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();
  // Never more than one page of rows in the document.
  await expect(page.getByTestId("user-row")).toHaveCount(50);
});

test("while the next page loads, the count line still names the page on screen", async ({ page, openUsers }) => {
  await openUsers();
  await expect(range(page)).toHaveText("Users 1–50 of 10,000");
  const held = gate();
  const asked = page.waitForRequest(
    (r) => new URL(r.url()).pathname === "/api/admin/users" && r.url().includes("cursor="),
  );
  await page.route(/\/api\/admin\/users\?.*cursor=/, async (route) => {
    await held.passed;
    await route.continue();
  });
  await page.getByRole("button", { name: "Next page" }).click();
  await asked;
  await expect(range(page)).toHaveText("Users 1–50 of 10,000");
  await expect(page.getByTestId("user-row").first()).toHaveAttribute("data-username", "owner");
  held.open();
  await expect(range(page)).toHaveText("Users 51–100 of 10,000");
  await expect(page.getByTestId("user-row").first()).toHaveAttribute("data-username", pad(50));
});

test("the search finds a user deep in the list by username or e-mail prefix, as you type", async ({
  page,
  openUsers,
}) => {
  await openUsers();
  await search(page).pressSequentially("USER00987");
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 10 }, (_, i) => pad(9870 + i)));
  await expect(range(page)).toHaveText("Users 1–10");
  await expect(page.getByRole("button", { name: "Next page" })).toHaveCount(0);
  await search(page).press("6");
  await expect.poll(() => usernames(page)).toEqual([pad(9876)]);
  await expect(userRow(page, pad(9876))).toContainText(`${pad(9876)}@example.com`);

  await search(page).fill("user009876@example");
  await expect.poll(() => usernames(page)).toEqual([pad(9876)]);
  await search(page).fill("nobody-here");
  await expect(page.getByText('No users match "nobody-here".')).toBeVisible();
  await expect(page.getByTestId("user-row")).toHaveCount(0);
});

test("an answer to an earlier keystroke that comes late never replaces the answer to the latest", async ({
  page,
  openUsers,
}) => {
  await openUsers();
  let releaseSlow = () => {};
  const slowHeld = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  let slowSent = false;
  await page.route(
    (url) => url.pathname === "/api/admin/users" && url.searchParams.get("q") === "user0012",
    async (route) => {
      slowSent = true;
      await slowHeld;
      await route.continue();
    },
  );
  await search(page).fill("user0012");
  await expect.poll(() => slowSent).toBe(true);
  await search(page).fill("user00123");
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 10 }, (_, i) => pad(1230 + i)));
  const late = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === "user0012");
  releaseSlow();
  await late;
  await expect(page.getByTestId("users-table")).not.toHaveAttribute("aria-busy", "true");
  expect(await usernames(page)).toEqual(Array.from({ length: 10 }, (_, i) => pad(1230 + i)));
});

test("the role and status filters, with the search and alone", async ({ page, openUsers }) => {
  await openUsers();
  // The role the badge shows: moderators, and the users with custom permissions a moderator's rank.
  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Moderator" });
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 50 }, (_, i) => pad(i + 5)));
  await expect(page.getByText("70 matches, sorted by rank, then username.")).toBeVisible();
  await expect(range(page)).toHaveText("Users 1–50 of 70");
  await page.getByRole("button", { name: "Next page" }).click();
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 20 }, (_, i) => pad(i + 55)));
  await expect(range(page)).toHaveText("Users 51–70 of 70");
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();

  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Custom permissions" });
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 50 }, (_, i) => pad(i + 25)));
  await expect(userRow(page, pad(25)).getByTestId("role-badge")).toHaveText("Moderator(custom)");

  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Any role" });
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Deactivated" });
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await expect.poll(() => page.locator("[data-testid='user-row'][data-active='true']").count()).toBe(0);
  const deactivated = await page.getByTestId("user-row").count();
  expect(deactivated).toBeGreaterThan(0);
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Active" });
  await expect.poll(() => page.locator("[data-testid='user-row'][data-active='false']").count()).toBe(0);
  await expect(page.getByTestId("user-row")).toHaveCount(50);

  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Administrator" });
  await search(page).fill("user0099");
  await expect(page.getByText('No users match "user0099" with these filters.')).toBeVisible();
});

test("the keyboard: Arrow Down from the search into the rows, up and down keeping the column, Tab to the actions", async ({
  page,
  openUsers,
}) => {
  await openUsers();
  await search(page).fill("user00004");
  await expect.poll(() => usernames(page)).toEqual(Array.from({ length: 10 }, (_, i) => pad(40 + i)));
  await search(page).press("ArrowDown");
  await expect(userRow(page, pad(40)).getByRole("rowheader")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(userRow(page, pad(41)).getByRole("rowheader")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(userRow(page, pad(41)).getByRole("button", { name: `Edit ${pad(41)}` })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(userRow(page, pad(42)).getByRole("button", { name: `Edit ${pad(42)}` })).toBeFocused();
  await page.keyboard.press("End");
  await expect(userRow(page, pad(49)).getByRole("button", { name: `Edit ${pad(49)}` })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(userRow(page, pad(48)).getByRole("button", { name: `Edit ${pad(48)}` })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(userRow(page, pad(40)).getByRole("button", { name: `Edit ${pad(40)}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Edit User" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(userRow(page, pad(40)).getByRole("button", { name: `Edit ${pad(40)}` })).toBeFocused();
});

// Loaded in dark mode; each screen is swept in full there and for its colours in light mode, switched in place
// (seriousViolationsInBothThemes), instead of a second sign-in and load for the other theme.
test("axe finds nothing serious with the pager and the empty state (dark and light)", async ({ page, openUsers }) => {
  await page.addInitScript(() => localStorage.setItem("darkMode", JSON.stringify(true)));
  await openUsers();
  await expect(range(page)).toHaveText("Users 1–50 of 10,000");
  const found = await seriousViolationsInBothThemes(page, { where: "Users, first page" });
  await search(page).fill("nobody-here");
  await expect(page.getByText('No users match "nobody-here".')).toBeVisible();
  found.push(...(await seriousViolationsInBothThemes(page, { where: "Users, no match" })));
  expect(found).toEqual([]);
});

test("an action on a user found by a search: deactivate, and the page shows it at once", async ({
  page,
  openUsers,
  scale,
}) => {
  // A deep user who is active now (the seed activates most, at random).
  const api = page.request;
  await loginAs(page, scale.server.baseUrl, scale.owner);
  const answer = (await (await api.get("/api/admin/users?q=user0098&status=active&limit=1")).json()) as {
    users: Array<{ username: string }>;
  };
  const target = answer.users[0]?.username as string;
  expect(target).toMatch(/^user0098\d\d$/);

  await openUsers();
  await search(page).fill(target);
  await expect.poll(() => usernames(page)).toEqual([target]);
  const row = userRow(page, target);
  await row.getByRole("button", { name: `Deactivate ${target}` }).click();
  await page.getByRole("dialog", { name: "Deactivate user" }).getByRole("button", { name: "Deactivate" }).click();
  await expect(feedback(page)).toHaveText(`User "${target}" deactivated. Their sessions have ended.`);
  await expect(row.getByTestId("user-status")).toHaveText("Inactive");
  // The search stays, and the filters see the change.
  await expect(search(page)).toHaveValue(target);
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Active" });
  await expect(page.getByText(`No users match "${target}" with these filters.`)).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Deactivated" });
  await expect.poll(() => usernames(page)).toEqual([target]);
});
