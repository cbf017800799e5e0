/**
 * The desktop renderer as Electron would show it, without Electron: the page electron-vite built, opened
 * from disk in Chromium, whose `window.portfolioDesktop.invoke` (the preload bridge) is a Playwright
 * binding that calls the real main-process handler: `createDesktopMain(...).handleInvoke(senderFrame,
 * payload)` over real better-sqlite3 in a temporary folder, with a fake safeStorage (the OS keychain is
 * an outer edge), against the real server on 127.0.0.1. `network.offline` cuts main off from the server
 * (every request fails as an unplugged cable would) without stopping it, so the web can still change data.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { test as base, expect, type Page } from "@playwright/test";
import { OWNER, startTestServer, type TestServer } from "../../server/src/test/test-server.ts";
import { createDesktopMain, type DesktopMain } from "../src/main/desktop-main.ts";
import { BRIDGE_KEY } from "../src/shared/ipc-channel.ts";
import { fakeAsyncSafeStorage } from "../src/test/fake-safe-storage.ts";

export { expect, OWNER };

export const RENDERER_INDEX = fileURLToPath(new URL("../out/renderer/index.html", import.meta.url));
const BINDING = "__portfolioDesktopInvoke";

/** The line between main and the server, as the test sets it. */
export class Network {
  /** Every request fails as an unplugged cable's would. */
  offline = false;
  #held: Promise<void> | undefined;

  /**
   * Holds every request until the returned function is called: a line as slow as the test needs to watch a
   * sync under way, however fast or slow the machine.
   */
  hold(): () => void {
    let release = () => {};
    this.#held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.#held = undefined;
      release();
    };
  }

  /** What a request goes through before it reaches the server. */
  async pass(): Promise<void> {
    await this.#held;
    if (this.offline) throw new TypeError("fetch failed");
  }
}

export interface DesktopFixtures {
  server: TestServer;
  network: Network;
  desktop: DesktopMain;
  /** Opens the renderer page with its bridge wired to `desktop`. */
  openApp: (page: Page) => Promise<void>;
}

export const test = base.extend<DesktopFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
  server: async ({}, use) => {
    const server = await startTestServer();
    await use(server);
    await server.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
  network: async ({}, use) => {
    await use(new Network());
  },
  desktop: async ({ network }, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), "portfolio-desktop-e2e-"));
    const logs: string[] = [];
    const desktop = await createDesktopMain({
      userDataDir,
      safeStorage: fakeAsyncSafeStorage({ backend: "gnome_libsecret" }),
      rendererUrl: pathToFileURL(RENDERER_INDEX).href,
      hostname: "e2e-laptop",
      bcryptCost: 4,
      log: (line) => logs.push(line),
      fetch: async (input, init) => {
        await network.pass();
        return fetch(input, init);
      },
    });
    await use(desktop);
    await desktop.close();
    rmSync(userDataDir, { recursive: true, force: true });
    if (process.env.DESKTOP_E2E_LOG) console.log(logs.join("\n"));
  },
  openApp: async ({ desktop }, use) => {
    await use(async (page) => {
      // The sender frame Electron would report: the calling frame's URL and its parent (null on top).
      await page.exposeBinding(BINDING, (source, payload: unknown) =>
        desktop.handleInvoke({ url: source.frame.url(), parent: source.frame.parentFrame() }, payload),
      );
      // What the preload exposes: one function bound to the one channel.
      await page.addInitScript(
        ({ bridgeKey, binding }) => {
          const call = (window as unknown as Record<string, (payload: unknown) => Promise<unknown>>)[binding];
          Object.defineProperty(window, bridgeKey, {
            value: Object.freeze({ invoke: (operation: string, input: unknown) => call?.({ operation, input }) }),
          });
        },
        { bridgeKey: BRIDGE_KEY, binding: BINDING },
      );
      await page.goto(pathToFileURL(RENDERER_INDEX).href);
    });
  },
});

/** Connects through the first-run screen as the server's owner. */
export async function connectAsOwner(page: Page, server: TestServer): Promise<void> {
  await page.getByLabel("Server address").fill(server.url);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByTestId("admin-panel")).toBeVisible();
}
