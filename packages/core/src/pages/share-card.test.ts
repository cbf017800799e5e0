import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderShareCard, shareCardKey, wrapLines } from "./share-card.ts";

async function pixels(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  return sharp(png).extract(region).removeAlpha().raw().toBuffer();
}

const TITLE_REGION = { left: 72, top: 170, width: 560, height: 80 };

describe("renderShareCard", () => {
  it("is a 1200x630 PNG", async () => {
    const png = await renderShareCard({ title: "Chat Bot", tags: ["TypeScript"], siteName: "Alex Morgan" });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  });

  it("draws the title's text (the fonts fontconfig finds render)", async () => {
    const card = await renderShareCard({ title: "Chat Bot", tags: [], siteName: "Alex Morgan" });
    const blank = await renderShareCard({ title: "", tags: [], siteName: "Alex Morgan" });
    const [withText, without] = [await pixels(card, TITLE_REGION), await pixels(blank, TITLE_REGION)];
    let differing = 0;
    for (let i = 0; i < withText.length; i++) if (withText[i] !== without[i]) differing++;
    // White glyphs on the dark background: a few thousand channel values change, not a handful.
    expect(differing).toBeGreaterThan(1000);
  });

  it("shows the cover on the right", async () => {
    const red = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const card = await renderShareCard({ title: "Chat Bot", tags: [], siteName: "Alex Morgan", cover: red });
    const middle = await pixels(card, { left: 900, top: 300, width: 1, height: 1 });
    expect([...middle]).toEqual([255, 0, 0]);
  });

  it("escapes a title that looks like markup", async () => {
    const png = await renderShareCard({ title: "<b>&\"'</b>", tags: ["<x>"], siteName: "A & B" });
    expect((await sharp(png).metadata()).width).toBe(1200);
  });
});

describe("wrapLines", () => {
  it("breaks between words", () => {
    expect(wrapLines("one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
  });

  it("ends the last line with an ellipsis when the text does not fit", () => {
    expect(wrapLines("one two three four", 9, 2)).toEqual(["one two", "three…"]);
  });

  it("cuts a word longer than a line", () => {
    expect(wrapLines("abcdefghijkl", 5, 2)).toEqual(["abcd…"]);
  });
});

describe("shareCardKey", () => {
  const card = { title: "Chat Bot", tags: ["TypeScript"], siteName: "Alex Morgan", coverHash: "ab" };

  it("is the same for the same card", () => {
    expect(shareCardKey(card)).toBe(shareCardKey({ ...card, tags: ["TypeScript"] }));
    expect(shareCardKey(card)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes with anything drawn on the card", () => {
    const key = shareCardKey(card);
    expect(shareCardKey({ ...card, title: "Chat Bot 2" })).not.toBe(key);
    expect(shareCardKey({ ...card, tags: [] })).not.toBe(key);
    expect(shareCardKey({ ...card, siteName: "Sam" })).not.toBe(key);
    expect(shareCardKey({ ...card, coverHash: "cd" })).not.toBe(key);
  });
});
