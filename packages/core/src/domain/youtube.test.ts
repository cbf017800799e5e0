import { describe, expect, it } from "vitest";
import { checkPlaylistId } from "./youtube.ts";

const REQUIRED = "playlistId is required (or test=true to check that the YouTube API is available).";
const INVALID =
  "playlistId is not a valid playlist id: it must start with PL, UU or RD followed by at least 16 letters, digits, underscores or hyphens.";

describe("checkPlaylistId", () => {
  it.each(["PLabcdefghijklmnop", "UU0123456789_-abcd", "RDabcdefghijklmnopqrstuvwxyz"])("accepts %s", (id) => {
    expect(checkPlaylistId(id)).toEqual({ id });
  });

  it("asks for a missing or empty id", () => {
    expect(checkPlaylistId(undefined)).toEqual({ error: REQUIRED });
    expect(checkPlaylistId("")).toEqual({ error: REQUIRED });
  });

  it.each([
    ["15 following characters", "PLabcdefghijklmno"],
    ["another prefix", "OLabcdefghijklmnop"],
    ["a character outside the set", "PLabcdefghijklmnop!"],
    ["a list of values", ["PLabcdefghijklmnop"]],
    ["more than 128 characters", `PL${"a".repeat(127)}`],
  ])("refuses %s", (_what, value) => {
    expect(checkPlaylistId(value)).toEqual({ error: INVALID });
  });
});
