import { describe, expect, it } from "vitest";
import { inputsFromPlaylistUrl, playlistUrlOf, readPlaylistInputs } from "./playlist-input.ts";

const A = "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf";
const B = "UUabcdefghijklmnop12";

describe("readPlaylistInputs", () => {
  it("asks for a URL when every input is empty", () => {
    expect(readPlaylistInputs(["", "  "])).toEqual({ ok: false, error: "Please enter a playlist URL", index: 0 });
  });

  it("names an invalid URL with the spec's message, and which input it is", () => {
    expect(readPlaylistInputs([`https://www.youtube.com/playlist?list=${A}`, "https://youtu.be/abc"])).toEqual({
      ok: false,
      error: "Invalid YouTube playlist URL. Please make sure you're using a valid playlist link.",
      index: 1,
    });
    expect(readPlaylistInputs(["https://www.youtube.com/playlist?list=PLshort"])).toMatchObject({ ok: false });
    expect(readPlaylistInputs([A])).toMatchObject({ ok: false });
  });

  it("reads one or several playlists, each once, skipping empty inputs", () => {
    expect(
      readPlaylistInputs([
        `https://www.youtube.com/watch?v=x&list=${A}&index=3`,
        "",
        `https://music.youtube.com/playlist?list=${B}`,
        `https://www.youtube.com/playlist?list=${A}`,
      ]),
    ).toEqual({
      ok: true,
      ids: [A, B],
      playlistUrl: [
        `https://www.youtube.com/watch?v=x&list=${A}&index=3`,
        `https://music.youtube.com/playlist?list=${B}`,
        `https://www.youtube.com/playlist?list=${A}`,
      ].join("\n"),
    });
  });
});

describe("inputs from a saved URL", () => {
  it("gives one input per line, or one empty input", () => {
    expect(inputsFromPlaylistUrl("a\n\n b \n")).toEqual(["a", "b"]);
    expect(inputsFromPlaylistUrl("")).toEqual([""]);
    expect(playlistUrlOf(A)).toBe(`https://www.youtube.com/playlist?list=${A}`);
  });
});
