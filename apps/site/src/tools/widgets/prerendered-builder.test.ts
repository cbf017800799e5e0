import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { STALE_PRERENDER_ATTRIBUTE, STALE_PRERENDER_STYLE_ID } from "../../lib/stale-prerender.ts";
import { readCatOptions } from "./cat/cat-options.ts";
import { chatIsConfigured, readChatOptions } from "./chat/chat-options.ts";
import {
  prerenderedSearch,
  SITE_ENTRY_ATTRIBUTE,
  showsPrerenderedBuilder,
  widgetEntryScript,
  widgetPrePaintScript,
} from "./prerendered-builder.ts";
import { overlayFor } from "./WidgetOverlay.tsx";
import type { WidgetKind } from "./widget-kinds.ts";

const KINDS: WidgetKind[] = ["chat", "countdown", "cat", "heart"];
const SEARCHES = ["", "?setup", "?setup=1", "?setup=1&channel=somebody", "?channel=somebody", "?demo=1", "?size=300"];

/** Runs the <head> script against a URL with a minimal document, and says what it did. */
function runPrePaint(kind: WidgetKind, search: string) {
  const attributes = new Map<string, string>();
  const styles: Array<{ id: string; textContent: string }> = [];
  const document = {
    createElement: () => ({ id: "", textContent: "" }),
    head: { appendChild: (element: { id: string; textContent: string }) => styles.push(element) },
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  runInNewContext(widgetPrePaintScript(kind), { location: { search }, document, URLSearchParams });
  return { stale: attributes.has(STALE_PRERENDER_ATTRIBUTE), styles };
}

describe("the prerendered widget page", () => {
  it("is the builder with its default settings: the cat's at ?setup=1, the others' at their bare address", () => {
    expect(KINDS.map(prerenderedSearch)).toEqual(["", "", "?setup=1", ""]);
    for (const kind of KINDS) expect(showsPrerenderedBuilder(kind, prerenderedSearch(kind))).toBe(true);
  });

  it("is not what an overlay's address shows", () => {
    expect(showsPrerenderedBuilder("cat", "")).toBe(false);
    expect(showsPrerenderedBuilder("chat", "?channel=somebody")).toBe(false);
    expect(chatIsConfigured(readChatOptions(new URLSearchParams("?channel=somebody")))).toBe(true);
  });

  it("is not a builder filled in from the URL", () => {
    expect(showsPrerenderedBuilder("chat", "?setup=1&channel=somebody")).toBe(false);
    expect(showsPrerenderedBuilder("cat", "?setup=1&size=300")).toBe(false);
    expect(readCatOptions(new URLSearchParams("?size=300")).size).toBe(300);
  });
});

describe("the widget page's pre-paint script", () => {
  for (const kind of KINDS) {
    it(`marks the ${kind} page stale exactly where the prerendered builder is not what the URL shows`, () => {
      for (const search of SEARCHES) {
        expect(runPrePaint(kind, search).stale, search).toBe(!showsPrerenderedBuilder(kind, search));
      }
    });
  }

  it("hides the page; without setup (an OBS source) it is see-through too", () => {
    const overlay = runPrePaint("chat", "?channel=somebody").styles;
    expect(overlay).toHaveLength(1);
    expect(overlay[0]?.id).toBe(STALE_PRERENDER_STYLE_ID);
    expect(overlay[0]?.textContent).toBe(
      "#root{visibility:hidden}html,body{background:transparent!important;color-scheme:normal!important}",
    );
    expect(runPrePaint("chat", "?setup=1&channel=somebody").styles[0]?.textContent).toBe("#root{visibility:hidden}");
  });

  it("leaves the prerendered builder alone", () => {
    expect(runPrePaint("countdown", "").styles).toEqual([]);
    expect(runPrePaint("cat", "?setup=1").styles).toEqual([]);
  });
});

/** Runs the entry script at the end of a widget page against a URL, and says what it loaded. */
function runEntryScript(kind: WidgetKind, search: string) {
  const attributes = new Map<string, string>();
  const body: Array<{ type?: string; src?: string }> = [];
  const head: Array<{ rel?: string; href?: string }> = [];
  const document = {
    createElement: () => ({}),
    head: { appendChild: (element: { rel?: string; href?: string }) => head.push(element) },
    body: { appendChild: (element: { type?: string; src?: string }) => body.push(element) },
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  const entries = { site: "/assets/index-1.js", overlay: "/assets/overlay-2.js", sitePreloads: ["/assets/Page-3.js"] };
  runInNewContext(widgetEntryScript(kind, entries), { location: { search }, document, URLSearchParams });
  return { scripts: body, preloads: head.map((link) => link.href), siteEntry: attributes.get(SITE_ENTRY_ATTRIBUTE) };
}

describe("the widget page's entry script", () => {
  it("loads the overlay's own entry, and nothing of the site, on an overlay's address", () => {
    const loaded = runEntryScript("chat", "?channel=somebody");
    expect(loaded.scripts).toEqual([{ type: "module", crossOrigin: "", src: "/assets/overlay-2.js" }]);
    expect(loaded.preloads).toEqual([]);
    // For the overlay to hand over to, should its settings show the builder after all.
    expect(loaded.siteEntry).toBe("/assets/index-1.js");
    expect(runEntryScript("cat", "").scripts[0]?.src).toBe("/assets/overlay-2.js");
  });

  it("loads the site's entry and the page's chunks for a builder", () => {
    for (const [kind, search] of [
      ["chat", ""],
      ["chat", "?setup=1&channel=somebody"],
      ["cat", "?setup=1"],
    ] as const) {
      const loaded = runEntryScript(kind, search);
      expect(
        loaded.scripts.map((script) => script.src),
        `${kind}${search}`,
      ).toEqual(["/assets/index-1.js"]);
      expect(loaded.preloads).toEqual(["/assets/Page-3.js"]);
    }
  });

  for (const kind of KINDS) {
    it(`picks the overlay's entry for the ${kind} only where an overlay may show`, () => {
      for (const search of SEARCHES) {
        const overlay = runEntryScript(kind, search).scripts[0]?.src === "/assets/overlay-2.js";
        // The overlay's entry hands over to the site's where its settings are not enough (widget-overlay.tsx).
        if (overlayFor(kind, new URLSearchParams(search))) expect(overlay, search).toBe(true);
        if (showsPrerenderedBuilder(kind, search) || search.includes("setup")) expect(overlay, search).toBe(false);
      }
    });
  }
});
