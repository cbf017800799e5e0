/**
 * The BrowserWindow options of the app's only window (docs/security.md, promise 17): the renderer is a plain web page with
 * no Node, isolated from the preload, sandboxed, with the web's same-origin rules and no <webview>.
 */
import type { BrowserWindowConstructorOptions } from "electron";
import { spellcheckEnabled } from "./spellcheck.ts";

export interface WindowOptionsInput {
  /** Absolute path of the built preload script (CommonJS: sandboxed preloads cannot be ESM). */
  preloadPath: string;
  /** Window and taskbar icon on Linux and Windows (macOS takes it from the bundle). */
  iconPath?: string;
  /** `process.platform`: whether spellchecking is offered depends on where its dictionaries come from. */
  platform: NodeJS.Platform;
}

export function windowOptions({
  preloadPath,
  iconPath,
  platform,
}: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 520,
    title: "Portfolio",
    // Shown on 'ready-to-show', so the user never sees an empty white frame.
    show: false,
    backgroundColor: "#020617",
    autoHideMenuBar: true,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: spellcheckEnabled(platform),
    },
  };
}
