import { describe, expect, it } from "vitest";
import { playlistAvailability, playlistVideos } from "./playlist-availability.ts";

describe("playlistAvailability", () => {
  it("is available when the probe says so", () => {
    expect(playlistAvailability({ available: true })).toBe("available");
  });

  it("is unavailable for a while when the shuffler is set up but its upstream is down", () => {
    expect(playlistAvailability({ available: false, setUp: true, reason: "quota" })).toBe("unavailable");
  });

  it("is not set up when the site has no YouTube key", () => {
    expect(playlistAvailability({ available: false, setUp: false, reason: "no key" })).toBe("notSetUp");
  });

  it("counts an answer that is not a probe's as unavailable", () => {
    expect(playlistAvailability({ videos: [] })).toBe("unavailable");
  });
});

describe("playlistVideos", () => {
  it("takes the videos of a playlist's answer, and none of a probe's", () => {
    expect(playlistVideos({ videos: [] })).toEqual([]);
    expect(playlistVideos({ available: true })).toEqual([]);
  });
});
