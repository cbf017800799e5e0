/**
 * The Electron entry: the one window, the guards and the one IPC channel, wired to the real Electron
 * APIs. Every decision lives in the pure modules beside it (tested without Electron); keep this file thin.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { app, BrowserWindow, ipcMain, net, safeStorage, session, shell } from "electron";
import { INVOKE_CHANNEL } from "../shared/ipc-channel.ts";
import { createDesktopMain, type DesktopMain } from "./desktop-main.ts";
import { navigationHandler, windowOpenHandler } from "./navigation-guard.ts";
import { type CspMode, rendererCsp, withCspHeader } from "./renderer-csp.ts";
import { resolveRendererUrl } from "./renderer-url.ts";
import { windowOptions } from "./window-options.ts";

const here = dirname(fileURLToPath(import.meta.url));
const rendererUrl = resolveRendererUrl({
  isPackaged: app.isPackaged,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  rendererIndexPath: join(here, "../renderer/index.html"),
});
const cspMode: CspMode = rendererUrl.startsWith("file:")
  ? { kind: "production" }
  : { kind: "development", devServerUrl: rendererUrl };
const openExternal = (url: string) => shell.openExternal(url);

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
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: withCspHeader(details.responseHeaders, csp) });
    });
    // The admin panel needs no camera, microphone, notifications or geolocation.
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

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
