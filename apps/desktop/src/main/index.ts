/**
 * The Electron entry: the one window, the guards and the one IPC channel, wired to the real Electron
 * APIs. Every decision lives in the pure modules beside it (tested without Electron); keep this file thin.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { app, BrowserWindow, ipcMain, net, protocol, safeStorage, session, shell } from "electron";
import { INVOKE_CHANNEL } from "../shared/ipc-channel.ts";
import { APP_RENDERER_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES } from "./app-scheme.ts";
import { createDesktopMain, type DesktopMain } from "./desktop-main.ts";
import { navigationHandler, windowOpenHandler } from "./navigation-guard.ts";
import { denyDevicePermission, denyPermissionCheck, denyPermissionRequest } from "./permissions.ts";
import { type CspMode, rendererCsp, withCspHeader } from "./renderer-csp.ts";
import { rendererFilesHandler } from "./renderer-files.ts";
import { resolveRendererUrl } from "./renderer-url.ts";
import { configureSpellcheck } from "./spellcheck.ts";
import { windowOptions } from "./window-options.ts";

const here = dirname(fileURLToPath(import.meta.url));
const rendererUrl = resolveRendererUrl({
  isPackaged: app.isPackaged,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
});
const cspMode: CspMode =
  rendererUrl === APP_RENDERER_URL ? { kind: "production" } : { kind: "development", devServerUrl: rendererUrl };
const openExternal = (url: string) => shell.openExternal(url);

// Privileges can only be given to a scheme before 'ready'.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

function start(): void {
  app.on("web-contents-created", (_event, contents) => {
    const onNavigate = navigationHandler({ rendererUrl, openExternal });
    contents.on("will-navigate", onNavigate);
    contents.on("will-redirect", onNavigate);
    contents.on("will-attach-webview", (event) => event.preventDefault());
    contents.setWindowOpenHandler(windowOpenHandler({ openExternal }));
  });

  let desktop: DesktopMain | undefined;
  let window: BrowserWindow | undefined;

  function openWindow(): void {
    window = new BrowserWindow(
      windowOptions({
        preloadPath: join(here, "../preload/index.cjs"),
        platform: process.platform,
        iconPath: app.isPackaged
          ? join(process.resourcesPath, "icon.png")
          : join(here, "../../../../resources/icon.png"),
      }),
    );
    window.once("ready-to-show", () => window?.show());
    void window.loadURL(rendererUrl);
  }

  app.on("second-instance", () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });

  app.whenReady().then(async () => {
    const csp = rendererCsp(cspMode, "header");
    const ses = session.defaultSession;
    // The built renderer, from app://portfolio (the files handler sets the CSP header itself).
    ses.protocol.handle(
      APP_SCHEME,
      rendererFilesHandler({ rendererDir: join(here, "../renderer"), rendererUrl: APP_RENDERER_URL, csp }),
    );
    // The dev server's pages, and anything else served over http.
    ses.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: withCspHeader(details.responseHeaders, csp) });
    });
    ses.setPermissionRequestHandler(denyPermissionRequest);
    ses.setPermissionCheckHandler(denyPermissionCheck);
    ses.setDevicePermissionHandler(denyDevicePermission);
    configureSpellcheck(ses, process.platform);

    desktop = await createDesktopMain({ userDataDir: app.getPath("userData"), safeStorage, rendererUrl });
    const main = desktop;
    ipcMain.handle(INVOKE_CHANNEL, (event, payload: unknown) => main.handleInvoke(event.senderFrame, payload));
    // 'On reconnect': the computer getting a network back syncs at once instead of waiting for the backoff.
    let wasOnline = net.isOnline();
    setInterval(() => {
      const online = net.isOnline();
      if (online && !wasOnline) void main.engine.syncNow();
      wasOnline = online;
    }, 5_000).unref();
    openWindow();
  });

  app.on("window-all-closed", () => app.quit());
  app.on("will-quit", () => {
    void desktop?.close();
  });
}

// One instance: two processes syncing the same local database would race each other.
if (app.requestSingleInstanceLock()) start();
else app.quit();
