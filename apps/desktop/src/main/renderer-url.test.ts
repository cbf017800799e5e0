import { describe, expect, it } from "vitest";
import { isRendererPage, resolveRendererUrl } from "./renderer-url.ts";

const indexPath = "/opt/Portfolio/resources/app.asar/out/renderer/index.html";
const fileUrl = "file:///opt/Portfolio/resources/app.asar/out/renderer/index.html";

describe("the renderer's URL", () => {
  it("is the built index.html in a packaged app, even when a dev server URL is set", () => {
    expect(
      resolveRendererUrl({ isPackaged: true, devServerUrl: "http://localhost:5173/", rendererIndexPath: indexPath }),
    ).toBe(fileUrl);
  });

  it("is the dev server under `electron-vite dev`", () => {
    expect(
      resolveRendererUrl({ isPackaged: false, devServerUrl: "http://localhost:5173", rendererIndexPath: indexPath }),
    ).toBe("http://localhost:5173/");
  });

  it("ignores a dev server URL that is not on this machine", () => {
    expect(
      resolveRendererUrl({ isPackaged: false, devServerUrl: "http://evil.example/", rendererIndexPath: indexPath }),
    ).toBe(fileUrl);
  });

  it("is the built index.html when no dev server runs", () => {
    expect(resolveRendererUrl({ isPackaged: false, devServerUrl: undefined, rendererIndexPath: indexPath })).toBe(
      fileUrl,
    );
  });
});

describe("whether a URL is the renderer's own page", () => {
  it("accepts the built index.html with any route in its fragment or query", () => {
    expect(isRendererPage(`${fileUrl}#/projects`, fileUrl)).toBe(true);
    expect(isRendererPage(`${fileUrl}?tab=users`, fileUrl)).toBe(true);
  });

  it("refuses another local file, even beside index.html", () => {
    expect(isRendererPage("file:///opt/Portfolio/resources/app.asar/out/renderer/evil.html", fileUrl)).toBe(false);
    expect(isRendererPage("file:///tmp/index.html", fileUrl)).toBe(false);
  });

  it("refuses a web page when the renderer is a file", () => {
    expect(isRendererPage("https://example.com/index.html", fileUrl)).toBe(false);
  });

  it("accepts any path of the dev server's origin, and nothing of another port or host", () => {
    expect(isRendererPage("http://localhost:5173/#/users", "http://localhost:5173/")).toBe(true);
    expect(isRendererPage("http://localhost:5174/", "http://localhost:5173/")).toBe(false);
    expect(isRendererPage("http://127.0.0.1:5173/", "http://localhost:5173/")).toBe(false);
  });

  it("refuses what does not parse as a URL", () => {
    expect(isRendererPage("not a url", fileUrl)).toBe(false);
    expect(isRendererPage("", fileUrl)).toBe(false);
  });
});
