import { describe, expect, it } from "vitest";
import { cssString, imageSetEntries } from "./emote-sheet.ts";

describe("an emote's stylesheet rule", () => {
  it("quotes a picture's address so that it can never end the rule", () => {
    expect(cssString("https://cdn.example/e/1x")).toBe('"https://cdn.example/e/1x"');
    expect(cssString('https://x/"){}body{display:none}')).toBe('"https://x/\\22 ){}body{display:none}"');
    expect(cssString("a\\b\nc")).toBe('"a\\5c b\\a c"');
  });

  it("draws the 1x picture, and the sharper ones of its srcset on high-density screens", () => {
    expect(imageSetEntries("https://c/1x", "https://c/2x 2x, https://c/4x 4x")).toBe(
      'url("https://c/1x") 1x, url("https://c/2x") 2x, url("https://c/4x") 4x',
    );
    expect(imageSetEntries("https://c/1x", undefined)).toBe('url("https://c/1x") 1x');
  });
});
