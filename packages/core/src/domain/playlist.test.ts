import { describe, expect, it } from "vitest";
import { isPlaylistId, parsePlaylistUrl } from "./playlist.ts";

// Literal texts of spec section 5 (deliberately not imported from messages.ts).
const REQUIRED = "Please enter a playlist URL";
const INVALID = "Invalid YouTube playlist URL. Please make sure you're using a valid playlist link.";

const SIXTEEN = "AbCdEfGh_1234-xY"; // 16 letters, digits, underscores or hyphens

describe("parsePlaylistUrl (spec section 5)", () => {
  it("rejects an empty URL with 'Please enter a playlist URL'", () => {
    expect(parsePlaylistUrl("")).toEqual({ error: REQUIRED });
  });

  it("rejects a whitespace-only URL with 'Please enter a playlist URL'", () => {
    expect(parsePlaylistUrl("   \t ")).toEqual({ error: REQUIRED });
  });

  it("reads a PL id of 16 following characters from the list= parameter", () => {
    expect(SIXTEEN).toHaveLength(16);
    expect(parsePlaylistUrl(`https://www.youtube.com/playlist?list=PL${SIXTEEN}`)).toEqual({ id: `PL${SIXTEEN}` });
  });

  it("reads the id when list= is not the first parameter and others follow", () => {
    expect(parsePlaylistUrl(`https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL${SIXTEEN}&index=3`)).toEqual({
      id: `PL${SIXTEEN}`,
    });
  });

  it("accepts ids longer than 16 following characters", () => {
    const id = `PL${SIXTEEN}${SIXTEEN}`;
    expect(parsePlaylistUrl(`https://youtube.com/playlist?list=${id}`)).toEqual({ id });
  });

  it("accepts the UU prefix", () => {
    expect(parsePlaylistUrl(`https://www.youtube.com/playlist?list=UU${SIXTEEN}`)).toEqual({ id: `UU${SIXTEEN}` });
  });

  it("accepts the RD prefix", () => {
    expect(parsePlaylistUrl(`https://www.youtube.com/watch?v=abc&list=RD${SIXTEEN}`)).toEqual({ id: `RD${SIXTEEN}` });
  });

  it("ignores surrounding whitespace", () => {
    expect(parsePlaylistUrl(`  https://www.youtube.com/playlist?list=PL${SIXTEEN}  `)).toEqual({ id: `PL${SIXTEEN}` });
  });

  it("rejects an id with only 15 following characters with the invalid-URL message", () => {
    expect(parsePlaylistUrl(`https://www.youtube.com/playlist?list=PL${SIXTEEN.slice(0, 15)}`)).toEqual({
      error: INVALID,
    });
  });

  it("rejects another prefix with the invalid-URL message", () => {
    expect(parsePlaylistUrl(`https://www.youtube.com/playlist?list=OL${SIXTEEN}`)).toEqual({ error: INVALID });
    expect(parsePlaylistUrl(`https://www.youtube.com/playlist?list=pl${SIXTEEN}`)).toEqual({ error: INVALID });
  });

  it("rejects a URL without a list= parameter with the invalid-URL message", () => {
    expect(parsePlaylistUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({ error: INVALID });
  });

  it("rejects a bare id that is not in a list= parameter", () => {
    expect(parsePlaylistUrl(`PL${SIXTEEN}`)).toEqual({ error: INVALID });
  });

  it("rejects an id containing a character outside letters, digits, underscores and hyphens", () => {
    expect(parsePlaylistUrl(`https://www.youtube.com/playlist?list=PL${SIXTEEN}!`)).toEqual({ error: INVALID });
  });
});

describe("isPlaylistId", () => {
  it.each(["PL", "UU", "RD"])("accepts %s followed by 16 valid characters", (prefix) => {
    expect(isPlaylistId(`${prefix}${SIXTEEN}`)).toBe(true);
  });

  it("rejects 15 following characters", () => {
    expect(isPlaylistId(`PL${SIXTEEN.slice(1)}`)).toBe(false);
  });
});
