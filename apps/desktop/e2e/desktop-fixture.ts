/**
 * The desktop renderer as Electron would show it, without Electron: the page electron-vite built, served
 * to Chromium by the app's own app:// file handler (Chromium cannot load app://, so the handler answers
 * for a loopback origin instead, intercepted before any network), whose `window.portfolioDesktop.invoke` (the preload bridge) is a Playwright
 * binding that calls the real main-process handler: `createDesktopMain(...).handleInvoke(senderFrame,
 * payload)` over real better-sqlite3 in a temporary folder, with a fake safeStorage (the OS keychain is
 * an outer edge), against the real server on 127.0.0.1. `network.offline` cuts main off from the server
 * (every request fails as an unplugged cable would) without stopping it, so the web can still change data.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { test as base } from "@portfolio/testing/browser/failure-screenshots.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { createDesktopMain, type DesktopMain } from "../src/main/desktop-main.ts";
import { rendererCsp } from "../src/main/renderer-csp.ts";
import { rendererFilesHandler } from "../src/main/renderer-files.ts";
import { BRIDGE_KEY } from "../src/shared/ipc-channel.ts";
import { fakeAsyncSafeStorage } from "../src/test/fake-safe-storage.ts";

export { expect, OWNER };

export const RENDERER_DIR = fileURLToPath(new URL("../out/renderer", import.meta.url));
/** The renderer's stand-in for app://portfolio: a *.localhost origin is loopback and a secure context. */
const RENDERER_ORIGIN = "http://portfolio.localhost";
export const RENDERER_URL = `${RENDERER_ORIGIN}/index.html`;
const serveRenderer = rendererFilesHandler({
  rendererDir: RENDERER_DIR,
  rendererUrl: RENDERER_URL,
  csp: rendererCsp({ kind: "production" }, "header"),
});
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

  #heldWhen: { match: (url: string) => boolean; gate: Promise<void> } | undefined;

  /** Holds only the requests whose URL matches (e.g. one page of a download) until the returned function is called. */
  holdWhen(match: (url: string) => boolean): () => void {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#heldWhen = { match, gate };
    return () => {
      this.#heldWhen = undefined;
      release();
    };
  }

  /** What a request goes through before it reaches the server. */
  async pass(url = ""): Promise<void> {
    await this.#held;
    if (this.#heldWhen?.match(url)) await this.#heldWhen.gate;
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
      rendererUrl: RENDERER_URL,
      hostname: "e2e-laptop",
      bcryptCost: 4,
      log: (line) => logs.push(line),
      fetch: async (input, init) => {
        await network.pass(String(input instanceof Request ? input.url : input));
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
      await page.route(`${RENDERER_ORIGIN}/**`, async (route) => {
        const request = route.request();
        const response = await serveRenderer(new Request(request.url(), { method: request.method() }));
        await route.fulfill({
          status: response.status,
          headers: Object.fromEntries(response.headers),
          body: Buffer.from(await response.arrayBuffer()),
        });
      });
      await page.goto(RENDERER_URL);
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
