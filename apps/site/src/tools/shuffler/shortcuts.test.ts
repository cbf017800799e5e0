import { describe, expect, it } from "vitest";
import { type ShortcutKeyEvent, shortcutFor } from "./shortcuts.ts";

const key = (k: string, extra: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: "BODY" },
  ...extra,
});

describe("shuffler shortcuts", () => {
  it("maps Space, N, P, L and R (either case)", () => {
    expect(shortcutFor(key(" "))).toBe("togglePlay");
    expect(shortcutFor(key("n"))).toBe("next");
    expect(shortcutFor(key("N"))).toBe("next");
    expect(shortcutFor(key("p"))).toBe("previous");
    expect(shortcutFor(key("L"))).toBe("toggleLoop");
    expect(shortcutFor(key("r"))).toBe("reshuffle");
    expect(shortcutFor(key("x"))).toBeNull();
    expect(shortcutFor(key("Enter"))).toBeNull();
  });

  it("leaves typing and browser shortcuts alone", () => {
    expect(shortcutFor(key("n", { target: { tagName: "INPUT" } }))).toBeNull();
    expect(shortcutFor(key("r", { target: { tagName: "textarea" } }))).toBeNull();
    expect(shortcutFor(key("n", { target: { tagName: "DIV", isContentEditable: true } }))).toBeNull();
    expect(shortcutFor(key("r", { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key("r", { metaKey: true }))).toBeNull();
    expect(shortcutFor(key("n", { altKey: true }))).toBeNull();
  });

  it("lets Space press a focused control instead, and ignores held keys", () => {
    expect(shortcutFor(key(" ", { target: { tagName: "BUTTON" } }))).toBeNull();
    expect(shortcutFor(key(" ", { target: { tagName: "A" } }))).toBeNull();
    expect(shortcutFor(key(" ", { target: { tagName: "DIV", role: "button" } }))).toBeNull();
    expect(shortcutFor(key(" ", { repeat: true }))).toBeNull();
    expect(shortcutFor(key("n", { repeat: true }))).toBeNull();
    expect(shortcutFor(key("n", { target: { tagName: "BUTTON" } }))).toBe("next");
    expect(shortcutFor(key(" ", { target: null }))).toBe("togglePlay");
  });
});
