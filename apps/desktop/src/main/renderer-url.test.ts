import { describe, expect, it } from "vitest";
import { APP_RENDERER_URL } from "./app-scheme.ts";
import { isRendererPage, resolveRendererUrl } from "./renderer-url.ts";

const appUrl = "app://portfolio/index.html";

describe("the renderer's URL", () => {
  it("is app://portfolio/index.html", () => {
    expect(APP_RENDERER_URL).toBe(appUrl);
  });

  it("is the app:// page in a packaged app, even when a dev server URL is set", () => {
    expect(resolveRendererUrl({ isPackaged: true, devServerUrl: "http://localhost:5173/" })).toBe(appUrl);
  });

  it("is the dev server under `electron-vite dev`", () => {
    expect(resolveRendererUrl({ isPackaged: false, devServerUrl: "http://localhost:5173" })).toBe(
      "http://localhost:5173/",
    );
  });

  it("ignores a dev server URL that is not on this machine", () => {
    expect(resolveRendererUrl({ isPackaged: false, devServerUrl: "http://evil.example/" })).toBe(appUrl);
  });

  it("is the app:// page when no dev server runs", () => {
    expect(resolveRendererUrl({ isPackaged: false, devServerUrl: undefined })).toBe(appUrl);
  });
});

describe("whether a URL is the renderer's own page", () => {
  it("accepts the app:// page with any route in its fragment or query", () => {
    expect(isRendererPage(`${appUrl}#/projects`, appUrl)).toBe(true);
    expect(isRendererPage(`${appUrl}?tab=users`, appUrl)).toBe(true);
  });

  it("accepts any path of the app:// origin, whose handler serves only the renderer folder", () => {
    expect(isRendererPage("app://portfolio/assets/index-abc123.js", appUrl)).toBe(true);
  });

  it("refuses another host of the app:// scheme", () => {
    expect(isRendererPage("app://elsewhere/index.html", appUrl)).toBe(false);
    expect(isRendererPage("app://portfolio:8080/index.html", appUrl)).toBe(false);
  });

  it("refuses every local file, the built index.html included", () => {
    expect(isRendererPage("file:///opt/Portfolio/resources/app.asar/out/renderer/index.html", appUrl)).toBe(false);
    expect(isRendererPage("file:///tmp/index.html", appUrl)).toBe(false);
  });

  it("refuses a web page when the renderer is the app:// page", () => {
    expect(isRendererPage("https://portfolio/index.html", appUrl)).toBe(false);
  });

  it("accepts any path of the dev server's origin, and nothing of another port or host", () => {
    expect(isRendererPage("http://localhost:5173/#/users", "http://localhost:5173/")).toBe(true);
    expect(isRendererPage("http://localhost:5174/", "http://localhost:5173/")).toBe(false);
    expect(isRendererPage("http://127.0.0.1:5173/", "http://localhost:5173/")).toBe(false);
  });

  it("trusts nothing when the renderer's own URL is a file, not an app:// or dev server page", () => {
    const fileUrl = "file:///opt/Portfolio/resources/app.asar/out/renderer/index.html";
    expect(isRendererPage(fileUrl, fileUrl)).toBe(false);
  });

  it("refuses what does not parse as a URL", () => {
    expect(isRendererPage("not a url", appUrl)).toBe(false);
    expect(isRendererPage("", appUrl)).toBe(false);
  });
});
