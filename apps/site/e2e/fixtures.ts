import { test as base, expect, type Page } from "@playwright/test";
import { OWNER } from "../scripts/testing/real-server.mjs";

export { expect, OWNER };

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: the global setup did not start the server.");
    await use(url);
  },
});

export function outboxDir(): string {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error("E2E_OUTBOX_DIR is not set.");
  return dir;
}

/** A name unique across workers and runs. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 30);
}

/** Waits until React has hydrated the page (the floating buttons react to the session check). */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
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
