import { expect, type Page } from "@playwright/test";
import { test as base } from "@portfolio/testing/browser/failure-screenshots.ts";
import { OWNER, type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";

export { expect, OWNER };

/** Tests on the server the global setup started for the whole run. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: the global setup did not start the server.");
    await use(url);
  },
});

/**
 * Tests that change what the whole server keeps (accounts, mail, rate-limit counts, roles, the site profile)
 * get a real server of their own: a fresh database, mail outbox and rate limits (about half a second to
 * start), so no other test, and no other run of the same test (`pnpm test:repeat`), spends or sees them.
 * The shared server's limit of 20 sign-ups per address in 15 minutes is not the tests' to spend.
 */
export const testWithOwnServer = base.extend<{ server: RealServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  server: async ({}, use) => {
    const server = await startRealServer();
    await use(server);
    await server.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
});

/** Where each test's requests say they come from: a new address per test, unique within the worker. */
let addressesGiven = 0;
function nextClientAddress(workerIndex: number): string {
  addressesGiven++;
  return `10.${workerIndex % 250}.${(addressesGiven >> 8) & 255}.${addressesGiven & 255}`;
}

/**
 * Tests on one real server per worker (started at the worker's first test, stopped when the worker ends),
 * isolated by their data instead of by a database of their own: each test makes its own accounts and
 * projects under unique names, and restores anything of the whole site it changes. The tests of a worker run
 * one after another, so no two share a moment on the server, only what one leaves behind.
 * Rate limits count per address: the server trusts X-Forwarded-For (TRUST_PROXY=1, as behind the deployed
 * proxy) and every request of a test, its page's and its API clients', carries the test's own address
 * (`clientAddress`), so no test spends another's sign-ups or logins.
 * A file whose tests need a fresh database or mail outbox sets `test.use({ ownServer: true })` and says why.
 */
export const testWithServer = base.extend<
  { ownServer: boolean; server: RealServer; clientAddress: string },
  { workerServer: () => Promise<RealServer> }
>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      let started: Promise<RealServer> | undefined;
      await use(() => {
        started ??= startRealServer({ env: { TRUST_PROXY: "1" } });
        return started;
      });
      if (started) await (await started).stop();
    },
    { scope: "worker" },
  ],
  ownServer: [false, { option: true }],
  server: async ({ ownServer, workerServer }, use) => {
    if (!ownServer) {
      await use(await workerServer());
      return;
    }
    const server = await startRealServer();
    await use(server);
    await server.stop();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  clientAddress: async ({}, use, testInfo) => {
    await use(nextClientAddress(testInfo.workerIndex));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress });
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
});

/** A name unique across workers and runs. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 30);
}

/**
 * Waits until React has hydrated the page (the floating buttons react to the session check) and the full
 * stylesheet applies: a prerendered page starts on its inline critical CSS, which leaves out what lies
 * below the first screen (hidden until the stylesheet sets `--below-fold`), so sizes measured earlier
 * would be of a page still loading.
 */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--below-fold").trim()))
    .toBe("visible");
}

/**
 * The home page's live list call, with or without its paging parameters (the page asks for the
 * whole list with `?limit=`, and a larger site's pages with sort, seed and cursor).
 */
export const PROJECTS_LIST = /\/api\/projects(\?[^/]*)?$/;

/** Waits until the home page's live project list is in: it marks that with `data-projects="loaded"`. */
export async function expectLiveProjects(page: Page): Promise<void> {
  await expect(page.locator("[data-projects]")).toHaveAttribute("data-projects", "loaded");
}

/**
 * A gate a held request waits at, opened by the test once the page shows what it must show meanwhile (a
 * loading screen, an untouched form): the test waits for the page, never for a guessed length of time.
 */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

/**
 * Stops the page's clock where it stands (Playwright's fake clock, installed with `page.clock.install()` before
 * the page loaded): from here on a timer fires only when the test moves the clock, so a step that starts a
 * timer (a redirect after 3 s, a message shown for 2 s) is judged on the page's time, never the machine's.
 */
export async function pauseClock(page: Page): Promise<void> {
  // pauseAt takes a moment still ahead of the page's clock, which keeps running meanwhile: on a busy machine
  // the moment read can be past already, so read again and retry.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes("to the past")) throw error;
    }
  }
}

/**
 * With the clock paused before the step that started a timer: `before` still holds a moment before `ms` of the
 * page's time have passed, and `after` holds once they have.
 */
export async function expectAfterExactly(
  page: Page,
  ms: number,
  before: () => Promise<void>,
  after: () => Promise<void>,
): Promise<void> {
  await page.clock.runFor(ms - 1);
  await before();
  await page.clock.runFor(1);
  await after();
}

/**
 * For a step that waits a random backoff (a widget reconnecting): moves the page's clock (installed with
 * `page.clock.install()`) a second at a time and reads `probe` after each, so the wait is page time, never
 * the machine's. Returns Playwright's `expect.poll`, to be finished with a matcher.
 */
export function pollOnPageClock<T>(page: Page, probe: () => T | Promise<T>) {
  return expect.poll(async () => {
    await page.clock.runFor(1000);
    return probe();
  });
}
