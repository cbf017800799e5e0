import { describe, expect, it } from "vitest";
import { NotFound, Unavailable } from "../../domain/errors.ts";
import { isPlayable, PlaylistService, playlistAvailability, toPlaylistError } from "./playlist.service.ts";
import { readYouTubeError, type YouTubeClient, YouTubeUnreachable } from "./youtube-client.ts";

const UNAVAILABLE = "YouTube API is currently unavailable. Please try again later.";

const errorBody = (code: number, reason: string, message = "Something.", domain = "youtube.quota") => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

describe("readYouTubeError", () => {
  it("reads the reason of YouTube's error JSON", () => {
    const error = readYouTubeError(403, errorBody(403, "quotaExceeded", "You have exceeded your quota."));
    expect(error).toMatchObject({ status: 403, reason: "quotaExceeded", message: "You have exceeded your quota." });
  });

  it("recognises a bad key in the newer shape (badRequest + API_KEY_INVALID) and by its message", () => {
    const newer = {
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        errors: [
          { message: "API key not valid. Please pass a valid API key.", domain: "global", reason: "badRequest" },
        ],
        status: "INVALID_ARGUMENT",
        details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }],
      },
    };
    expect(readYouTubeError(400, newer).reason).toBe("keyInvalid");
    expect(
      readYouTubeError(400, errorBody(400, "badRequest", "API key not valid. Please pass a valid API key.")).reason,
    ).toBe("keyInvalid");
    expect(readYouTubeError(400, errorBody(400, "keyInvalid", "Bad Request", "usageLimits")).reason).toBe("keyInvalid");
  });

  it("copes with a body that is not YouTube's", () => {
    expect(readYouTubeError(502, "<html>")).toMatchObject({
      status: 502,
      reason: undefined,
      message: "YouTube answered 502.",
    });
  });
});

describe("toPlaylistError", () => {
  it.each([
    [
      404,
      "playlistNotFound",
      NotFound,
      "This playlist was not found. It may be private or deleted: only public and unlisted playlists can be shuffled.",
    ],
    [
      403,
      "playlistItemsNotAccessible",
      NotFound,
      "This playlist is private. Only public and unlisted playlists can be shuffled.",
    ],
    [
      403,
      "quotaExceeded",
      Unavailable,
      "The YouTube API quota of this site is used up for today. Please try again tomorrow.",
    ],
    [
      403,
      "rateLimitExceeded",
      Unavailable,
      "The YouTube API quota of this site is used up for today. Please try again tomorrow.",
    ],
    [
      400,
      "keyInvalid",
      Unavailable,
      "YouTube refused this server's API key. The site owner needs to fix the YouTube API key.",
    ],
    [
      403,
      "accessNotConfigured",
      Unavailable,
      "YouTube refused this server's API key. The site owner needs to fix the YouTube API key.",
    ],
    [500, "backendError", Unavailable, UNAVAILABLE],
    [400, "invalidPageToken", Unavailable, UNAVAILABLE],
  ])("maps %i %s to a clear DomainError", (status, reason, kind, message) => {
    const mapped = toPlaylistError(readYouTubeError(status, errorBody(status, reason)));
    expect(mapped).toBeInstanceOf(kind);
    expect(mapped.message).toBe(message);
  });

  it("maps an unreachable YouTube and anything unexpected to 'unavailable'", () => {
    expect(toPlaylistError(new YouTubeUnreachable("YouTube is unreachable."))).toMatchObject({
      kind: "unavailable",
      message: UNAVAILABLE,
    });
    expect(toPlaylistError(new TypeError("boom"))).toMatchObject({ kind: "unavailable", message: UNAVAILABLE });
  });
});

describe("isPlayable", () => {
  const item = { videoId: "abc", title: "Song", channel: "Band", thumbnail: "https://i.ytimg.com/x.jpg" };

  it("keeps public and unlisted videos, and entries whose status was not asked for", () => {
    expect(isPlayable({ ...item, privacyStatus: "public" })).toBe(true);
    expect(isPlayable({ ...item, privacyStatus: "unlisted" })).toBe(true);
    expect(isPlayable({ ...item, privacyStatus: undefined })).toBe(true);
  });

  it("drops private entries by status, and by YouTube's placeholder when the status is missing", () => {
    expect(isPlayable({ ...item, privacyStatus: "private" })).toBe(false);
    expect(
      isPlayable({
        videoId: "p",
        title: "Private video",
        channel: undefined,
        thumbnail: undefined,
        privacyStatus: undefined,
      }),
    ).toBe(false);
  });

  it("drops deleted entries", () => {
    expect(
      isPlayable({
        videoId: "d",
        title: "Deleted video",
        channel: undefined,
        thumbnail: undefined,
        privacyStatus: "privacyStatusUnspecified",
      }),
    ).toBe(false);
    expect(
      isPlayable({
        videoId: "d",
        title: "Deleted video",
        channel: undefined,
        thumbnail: undefined,
        privacyStatus: undefined,
      }),
    ).toBe(false);
  });

  it("keeps a real video that happens to be called 'Private video'", () => {
    expect(isPlayable({ ...item, title: "Private video", privacyStatus: "public" })).toBe(true);
  });
});

describe("the availability probe's answer (an unavailable upstream is an answer, not an error)", () => {
  it("says unavailable, and why, where no shuffler runs at all", async () => {
    expect(await playlistAvailability(undefined)).toEqual({
      available: false,
      setUp: false,
      reason: "The playlist shuffler is not available here.",
    });
  });

  it("says unavailable, and not set up, without a key", async () => {
    const service = new PlaylistService({ client: undefined, cacheMs: 0 });
    expect(await playlistAvailability(service)).toEqual({
      available: false,
      setUp: false,
      reason: "The playlist shuffler is not set up on this server (no YouTube API key is configured).",
    });
  });

  it("says unavailable when YouTube cannot be reached, and available when it answers", async () => {
    let reachable = false;
    const client: YouTubeClient = {
      playlistItems: () => Promise.reject(new Error("not asked for")),
      videoDurations: () => Promise.reject(new Error("not asked for")),
      ping: async () => {
        if (!reachable) throw new YouTubeUnreachable("offline");
      },
    };
    const service = new PlaylistService({ client, cacheMs: 0 });
    expect(await service.probe()).toEqual({ available: false, setUp: true, reason: UNAVAILABLE });
    reachable = true;
    expect(await service.probe()).toEqual({ available: true });
  });
});

describe("PlaylistService cache limits", () => {
  // The YouTube edge as its interface: a playlist of `size` public videos per id, counting page calls.
  function edge(size: number) {
    const pages: string[] = [];
    const client: YouTubeClient = {
      async playlistItems(playlistId) {
        pages.push(playlistId);
        return {
          items: Array.from({ length: size }, (_, i) => ({
            videoId: `${playlistId}-${i}`,
            title: `Song ${i}`,
            channel: "Band",
            thumbnail: "https://i.ytimg.com/x.jpg",
            privacyStatus: "public",
          })),
          nextPageToken: undefined,
          totalResults: size,
        };
      },
      async videoDurations(ids) {
        return new Map(ids.map((id) => [id, "PT3M"]));
      },
      async ping() {},
    };
    return { client, pages };
  }
  const id = (n: number) => `PL${String(n).padStart(16, "0")}`;

  it("keeps at most maxEntries playlists, dropping the least recently used", async () => {
    const { client, pages } = edge(2);
    const service = new PlaylistService({ client, cacheMs: 60_000, maxEntries: 2 });
    await service.getPlaylist(id(1));
    await service.getPlaylist(id(2));
    await service.getPlaylist(id(1)); // 1 is now the most recently used
    await service.getPlaylist(id(3)); // drops 2
    expect((await service.getPlaylist(id(1))).cached).toBe(true);
    expect((await service.getPlaylist(id(3))).cached).toBe(true);
    expect((await service.getPlaylist(id(2))).cached).toBe(false);
    expect(pages).toEqual([id(1), id(2), id(3), id(2)]);
  });

  it("keeps at most maxVideos videos in all, but always the playlist just fetched", async () => {
    const { client } = edge(30);
    const service = new PlaylistService({ client, cacheMs: 60_000, maxVideos: 50 });
    await service.getPlaylist(id(1));
    await service.getPlaylist(id(2)); // 60 videos > 50: drops 1
    expect((await service.getPlaylist(id(2))).cached).toBe(true);
    expect((await service.getPlaylist(id(1))).cached).toBe(false);
    const big = new PlaylistService({ client: edge(80).client, cacheMs: 60_000, maxVideos: 50 });
    await big.getPlaylist(id(1));
    expect((await big.getPlaylist(id(1))).cached).toBe(true);
  });
});
