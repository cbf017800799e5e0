/**
 * Shared set-up of the admin panel's browser tests. They run on one real server per worker (`testWithServer`
 * in fixtures.ts), isolated by data: each test makes its own accounts and projects under unique names and
 * restores what of the whole site it changes; a file that needs a fresh database says so with
 * `test.use({ ownServer: true })`, or with `serverPerFileAndWorker()` when its tests can share one. Accounts are made through the real API: the owner signs people up,
 * activates them and sets their permissions.
 */
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { OWNER, type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";
import { testWithServer, uniqueName } from "./fixtures.ts";

export { expect, OWNER, uniqueName };

export const ROLE_PERMISSIONS = {
  admin: DEFAULT_ROLES.admin.permissions,
  moderator: DEFAULT_ROLES.moderator.permissions,
  user: DEFAULT_ROLES.user.permissions,
} as const;

export interface Account {
  id: string;
  username: string;
  email: string;
  password: string;
  permissions: readonly string[];
}

export interface AccountOptions {
  permissions?: readonly string[];
  active?: boolean;
  prefix?: string;
  /** The account's address (its username at example.test unless given). */
  email?: string;
}

interface AdminFixtures {
  server: RealServer;
  /** An API client logged in as the owner (same origin, so state-changing calls are accepted). */
  ownerApi: APIRequestContext;
  /** Signs up, activates and sets the permissions of a new account. */
  createAccount: (options?: AccountOptions) => Promise<Account>;
  /** Every browser dialog (alert, confirm) the page opened, accepted automatically. */
  dialogs: string[];
  /** Logs `page` in as the account. */
  login: (account: { username: string; password: string }) => Promise<void>;
}

export const test = testWithServer.extend<Omit<AdminFixtures, "server">>({
  ownerApi: async ({ server, playwright, clientAddress }, use) => {
    const api = await playwright.request.newContext({
      baseURL: server.baseUrl,
      extraHTTPHeaders: { Origin: server.baseUrl, "X-Forwarded-For": clientAddress },
    });
    const login = await api.post("/api/login", { data: { username: OWNER.username, password: OWNER.password } });
    expect(login.status(), "owner login").toBe(200);
    await use(api);
    await api.dispose();
  },
  createAccount: async ({ ownerApi }, use) => {
    await use((options) => createAccount(ownerApi, options));
  },
  login: async ({ page, server }, use) => {
    await use((account) => loginAs(page, server.baseUrl, account));
  },
  dialogs: async ({ page }, use) => {
    const seen: string[] = [];
    page.on("dialog", (dialog) => {
      seen.push(dialog.message());
      void dialog.accept();
    });
    await use(seen);
  },
});

/**
 * One fresh server for a file's tests in each worker, instead of one per test: for a file whose tests need a
 * database no other file writes to (they count the whole list) but can share it with each other, because
 * each leaves it as it found it. Call at the top of the file. Its hooks make Playwright run the file's tests
 * in one group per worker (docs/performance.md, "Suite time": a server's start, migration and seed per test).
 */
export function serverPerFileAndWorker(): void {
  let started: Promise<RealServer> | undefined;
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    server: async ({}, use) => {
      started ??= startRealServer({ env: { TRUST_PROXY: "1" } });
      await use(await started);
    },
  });
  test.afterAll(async () => {
    const server = started;
    started = undefined;
    if (server) await (await server).stop();
  });
}

export async function createAccount(ownerApi: APIRequestContext, options: AccountOptions = {}): Promise<Account> {
  const username = uniqueName(options.prefix ?? "acct");
  const email = options.email ?? `${username}@example.test`;
  const password = "Test-passw0rd";
  const signup = await ownerApi.post("/api/signup", { data: { username, email, password } });
  expect(signup.status(), `sign up ${username}`).toBe(201);
  const id = await userId(ownerApi, username);
  if (options.active ?? true) {
    const activate = await ownerApi.patch(`/api/admin/users/${id}`, { data: { isActive: true } });
    expect(activate.status(), `activate ${username}`).toBe(200);
  }
  const permissions = options.permissions ?? ROLE_PERMISSIONS.user;
  const edit = await ownerApi.patch(`/api/admin/users/${id}`, { data: { username, permissions } });
  expect(edit.status(), `permissions of ${username}`).toBe(200);
  return { id, username, email, password, permissions };
}

export async function userId(api: APIRequestContext, username: string): Promise<string> {
  // A search, not the whole list: the test database may hold thousands of users.
  const found = await api.get("/api/admin/users", { params: { q: username, limit: 10 } });
  const { users } = (await found.json()) as {
    users: Array<{ _id: string; username: string }>;
  };
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`No user ${username}.`);
  return user._id;
}

/** Logs a browser context in through the API (the login form itself is tested in auth.e2e.ts). */
export async function loginAs(page: Page, baseUrl: string, account: { username: string; password: string }) {
  const response = await page.request.post(`${baseUrl}/api/login`, {
    data: { username: account.username, password: account.password },
    headers: { Origin: baseUrl },
  });
  expect(response.status(), `login ${account.username}`).toBe(200);
  // The readable hint the site sets after a login in the page (it skips the session check without it).
  await page.context().addCookies([{ name: "loggedIn", value: "1", url: baseUrl }]);
}

export const ownerAccount = { username: OWNER.username, password: OWNER.password };

/**
 * Opens the panel (optionally on a tab) and waits until it has loaded. A tab is opened by its link
 * (`/admin/settings#users`), as the panel supports: loading the Dashboard first and clicking over to the tab
 * would draw and fetch a tab the test never looks at. A page already on the panel (a test opening it again,
 * say as another account) is loaded afresh and the tab clicked: going to the same address with another hash
 * would only move within the loaded page.
 */
export async function openPanel(
  page: Page,
  tab?: "Dashboard" | "Users" | "Projects" | "Trash" | "Settings",
): Promise<void> {
  const reopening = isOnPanel(page);
  await page.goto(tab && !reopening ? `/admin/settings#${tab.toLowerCase()}` : "/admin/settings");
  await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
  if (tab && reopening) await page.getByRole("tab", { name: tab }).click();
  if (tab) await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
}

function isOnPanel(page: Page): boolean {
  const url = page.url();
  return url.startsWith("http") && new URL(url).pathname === "/admin/settings";
}

export const feedback = (page: Page) => page.getByTestId("admin-feedback-text");

export function userRow(page: Page, username: string) {
  return page
    .getByTestId("user-row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${username}`) }) });
}

export function projectRow(page: Page, title: string) {
  return page.getByTestId("project-row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
}

/** Presses "Edit <title>" in the project's row of the Projects tab; resolves to the editor dialog it opens. */
export async function editProject(page: Page, title: string): Promise<Locator> {
  await projectRow(page, title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  return page.getByRole("dialog", { name: "Edit Project" });
}

export type SettingsSectionName = "Roles" | "Site" | "Twitch" | "Security" | "Account" | "Sessions and devices";

const SECTION_HASH: Record<SettingsSectionName, string> = {
  Roles: "roles",
  Site: "site",
  Twitch: "twitch",
  Security: "security",
  Account: "account",
  "Sessions and devices": "sessions",
};

/** Opens the Settings tab on one of its sections by the section's link (`/admin/settings#settings/site`). */
export async function openSettings(page: Page, section: SettingsSectionName): Promise<void> {
  if (isOnPanel(page)) {
    await openPanel(page, "Settings");
    await settingsSection(page, section);
    return;
  }
  await page.goto(`/admin/settings#settings/${SECTION_HASH[section]}`);
  await expect(page.getByRole("heading", { name: "Admin panel", level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: section }),
  ).toHaveAttribute("aria-current", "page");
}

/** Moves to another Settings section (the panel already shows the Settings tab). */
export async function settingsSection(page: Page, section: SettingsSectionName): Promise<void> {
  const link = page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: section });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}
