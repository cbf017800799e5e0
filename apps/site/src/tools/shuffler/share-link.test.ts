import { describe, expect, it } from "vitest";
import { buildShareUrl, readShareParams } from "./share-link.ts";

const A = "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf";
const B = "RDabcdefghijklmnopqr";

describe("share links", () => {
  it("carries the playlists and the seed, and reads back the same", () => {
    const url = buildShareUrl("https://example.dev", { playlistIds: [A, B], seed: 123_456 });
    expect(url).toBe(`https://example.dev/playlist-shuffler?list=${A},${B}&seed=2n9c`);
    expect(readShareParams(new URL(url).search)).toEqual({ playlistIds: [A, B], seed: 123_456 });
  });

  it("reads an escaped comma too", () => {
    expect(readShareParams(`?list=${A}%2C${B}&seed=1`)).toEqual({ playlistIds: [A, B], seed: 1 });
  });

  it("ignores links without a valid playlist list and seed", () => {
    for (const search of [
      "",
      `?list=${A}`,
      "?seed=abc",
      `?list=${A}&seed=-1`,
      `?list=PLshort&seed=1`,
      `?list=${A},nope&seed=1`,
      `?list=${Array.from({ length: 11 }, (_, i) => `${A}${i}`).join(",")}&seed=1`,
    ]) {
      expect(readShareParams(search), search).toBeNull();
    }
  });
});
