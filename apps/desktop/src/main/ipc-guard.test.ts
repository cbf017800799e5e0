import { describe, expect, it } from "vitest";
import { isTrustedSender } from "./ipc-guard.ts";

const rendererUrl = "app://portfolio/index.html";
const topFrame = (url: string) => ({ url, parent: null });

describe("the IPC sender check (docs/security.md, promise 19)", () => {
  it("trusts the app's own renderer in its top frame", () => {
    expect(isTrustedSender(topFrame(`${rendererUrl}#/projects`), rendererUrl)).toBe(true);
  });

  it("trusts the dev server's page under `electron-vite dev`", () => {
    expect(isTrustedSender(topFrame("http://localhost:5173/"), "http://localhost:5173/")).toBe(true);
  });

  it("refuses a foreign page", () => {
    expect(isTrustedSender(topFrame("https://evil.example/"), rendererUrl)).toBe(false);
  });

  it("refuses a local file, even the renderer's own index.html opened from disk", () => {
    expect(isTrustedSender(topFrame("file:///home/me/Downloads/index.html"), rendererUrl)).toBe(false);
    expect(
      isTrustedSender(topFrame("file:///opt/Portfolio/resources/app.asar/out/renderer/index.html"), rendererUrl),
    ).toBe(false);
  });

  it("refuses a page of the app:// scheme under another host", () => {
    expect(isTrustedSender(topFrame("app://elsewhere/index.html"), rendererUrl)).toBe(false);
  });

  it("refuses a sub-frame, even one showing the renderer's own URL", () => {
    expect(isTrustedSender({ url: rendererUrl, parent: topFrame(rendererUrl) }, rendererUrl)).toBe(false);
  });

  it("refuses a frame that is already gone", () => {
    expect(isTrustedSender(null, rendererUrl)).toBe(false);
    expect(isTrustedSender(undefined, rendererUrl)).toBe(false);
  });

  it("refuses a sender whose URL does not parse", () => {
    expect(isTrustedSender(topFrame("about:blank"), rendererUrl)).toBe(false);
    expect(isTrustedSender(topFrame(""), rendererUrl)).toBe(false);
  });
});
