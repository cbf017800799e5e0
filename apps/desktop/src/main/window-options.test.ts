import { describe, expect, it } from "vitest";
import { windowOptions } from "./window-options.ts";

const options = windowOptions({ preloadPath: "/app/out/preload/index.cjs", platform: "linux" });

describe("the app window (docs/security.md, promise 17)", () => {
  it("isolates the renderer from the preload", () => {
    expect(options.webPreferences?.contextIsolation).toBe(true);
  });

  it("sandboxes the renderer", () => {
    expect(options.webPreferences?.sandbox).toBe(true);
  });

  it("gives the renderer no Node, in the page, workers or sub-frames", () => {
    expect(options.webPreferences).toMatchObject({
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it("never disables web security nor allows insecure content", () => {
    expect(options.webPreferences?.webSecurity).toBe(true);
    expect(options.webPreferences?.allowRunningInsecureContent).toBe(false);
  });

  it("allows no <webview> tag", () => {
    expect(options.webPreferences?.webviewTag).toBe(false);
  });

  it("loads the given preload script", () => {
    expect(options.webPreferences?.preload).toBe("/app/out/preload/index.cjs");
  });

  it("stays hidden until the first paint is ready", () => {
    expect(options.show).toBe(false);
  });
});

describe("the spellchecker", () => {
  it("is off on Linux, where its dictionaries would be downloaded from Google's CDN", () => {
    expect(options.webPreferences?.spellcheck).toBe(false);
  });

  it("is off on Windows, where its dictionaries would be downloaded too", () => {
    const windows = windowOptions({ preloadPath: "C:\\app\\out\\preload\\index.cjs", platform: "win32" });
    expect(windows.webPreferences?.spellcheck).toBe(false);
  });

  it("is on on macOS, which checks with the system's own spellchecker and downloads nothing", () => {
    const mac = windowOptions({ preloadPath: "/app/out/preload/index.cjs", platform: "darwin" });
    expect(mac.webPreferences?.spellcheck).toBe(true);
  });
});
