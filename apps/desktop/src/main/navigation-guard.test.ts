import { describe, expect, it } from "vitest";
import { isAllowedNavigation, navigationHandler, windowOpenHandler } from "./navigation-guard.ts";

const rendererUrl = "app://portfolio/index.html";

function setup() {
  const opened: string[] = [];
  const openExternal = async (url: string) => {
    opened.push(url);
  };
  return { opened, openExternal };
}

function navigation(url: string) {
  const event = {
    url,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

/** Lets the fire-and-forget openExternal call settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("navigation (docs/security.md, promise 18)", () => {
  it("lets the renderer move within its own page", () => {
    expect(isAllowedNavigation(`${rendererUrl}#/settings`, rendererUrl)).toBe(true);
  });

  it("lets the renderer load any path of its own app:// origin", () => {
    expect(isAllowedNavigation("app://portfolio/", rendererUrl)).toBe(true);
  });

  it("refuses another host of the app:// scheme", () => {
    expect(isAllowedNavigation("app://elsewhere/index.html", rendererUrl)).toBe(false);
  });

  it("refuses the renderer's files opened from disk over file://", () => {
    expect(isAllowedNavigation("file:///opt/Portfolio/resources/app.asar/out/renderer/index.html", rendererUrl)).toBe(
      false,
    );
  });

  it("cancels a navigation to a web page and opens it in the system browser instead", async () => {
    const { opened, openExternal } = setup();
    const event = navigation("https://github.com/someone/project");
    navigationHandler({ rendererUrl, openExternal })(event);
    await settle();
    expect(event.prevented).toBe(true);
    expect(opened).toEqual(["https://github.com/someone/project"]);
  });

  it("cancels a navigation to a local file and opens nothing", async () => {
    const { opened, openExternal } = setup();
    const event = navigation("file:///etc/passwd");
    navigationHandler({ rendererUrl, openExternal })(event);
    await settle();
    expect(event.prevented).toBe(true);
    expect(opened).toEqual([]);
  });

  it("does not cancel a navigation to the renderer itself (a reload)", () => {
    const { openExternal } = setup();
    const event = navigation(rendererUrl);
    navigationHandler({ rendererUrl, openExternal })(event);
    expect(event.prevented).toBe(false);
  });
});

describe("new windows (docs/security.md, promise 18)", () => {
  it("denies window.open and opens an http(s) target in the system browser", async () => {
    const { opened, openExternal } = setup();
    expect(windowOpenHandler({ openExternal })({ url: "https://example.com/" })).toEqual({ action: "deny" });
    await settle();
    expect(opened).toEqual(["https://example.com/"]);
  });

  it("denies window.open of anything else and opens nothing", async () => {
    const { opened, openExternal } = setup();
    expect(windowOpenHandler({ openExternal })({ url: "javascript:alert(1)" })).toEqual({ action: "deny" });
    expect(windowOpenHandler({ openExternal })({ url: rendererUrl })).toEqual({ action: "deny" });
    await settle();
    expect(opened).toEqual([]);
  });
});
