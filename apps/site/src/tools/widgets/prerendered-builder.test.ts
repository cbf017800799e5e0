import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { STALE_PRERENDER_ATTRIBUTE, STALE_PRERENDER_STYLE_ID } from "../../lib/stale-prerender.ts";
import { readCatOptions } from "./cat/cat-options.ts";
import { chatIsConfigured, readChatOptions } from "./chat/chat-options.ts";
import { prerenderedSearch, showsPrerenderedBuilder, widgetPrePaintScript } from "./prerendered-builder.ts";
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
