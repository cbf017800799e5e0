import type { PlaylistVideo } from "@portfolio/core/domain";
import { type FakeYouTube, makePlaylist, startFakeYouTube } from "@portfolio/testing/fakes/fake-youtube.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// Literal texts (deliberately not imported from core).
const UNAVAILABLE = "YouTube API is currently unavailable. Please try again later.";
const NOT_CONFIGURED = "The playlist shuffler is not set up on this server (no YouTube API key is configured).";
const ID_REQUIRED = "playlistId is required (or test=true to check that the YouTube API is available).";
const ID_INVALID =
  "playlistId is not a valid playlist id: it must start with PL, UU or RD followed by at least 16 letters, digits, underscores or hyphens.";
const NOT_FOUND =
  "This playlist was not found. It may be private or deleted: only public and unlisted playlists can be shuffled.";
const PRIVATE = "This playlist is private. Only public and unlisted playlists can be shuffled.";
const QUOTA = "The YouTube API quota of this site is used up for today. Please try again tomorrow.";
const BAD_KEY = "YouTube refused this server's API key. The site owner needs to fix the YouTube API key.";
const TOO_MANY = "Too many requests. Please wait a few minutes and try again.";

const LIST = "PLshuffleTestList00000001";
const SMALL = "PLsmallTestList0000000002";

let youtube: FakeYouTube;
let server: TestServer;

async function start(env: Record<string, string> = {}, rateLimits = {}): Promise<TestServer> {
  server = await startTestServer({
    env: { YOUTUBE_API_KEY: youtube.apiKey, YOUTUBE_API_BASE_URL: youtube.baseUrl, ...env },
    rateLimits,
  });
  return server;
}

beforeEach(async () => {
  youtube = await startFakeYouTube();
  // 120 entries over 3 pages: every 37th private, every 40th deleted (3 private, 3 deleted).
  youtube.playlists.set(LIST, makePlaylist(120, { privateEvery: 37, deletedEvery: 40, prefix: "a" }));
  youtube.playlists.set(SMALL, makePlaylist(3, { prefix: "s" }));
});
afterEach(async () => {
  await server?.close();
  await youtube.close();
});

const playlist = (id: string = LIST) =>
  server.client().get<{ videos: PlaylistVideo[]; error?: string }>(`/api/youtube-playlist?playlistId=${id}`);

describe("GET /api/youtube-playlist?test=true", () => {
  it("answers 200 when a key is configured and YouTube answers", async () => {
    await start();
    const res = await server.client().get("/api/youtube-playlist?test=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: true });
    expect(youtube.calls.map((c) => c.endpoint)).toEqual(["videos"]);
    expect(youtube.calls[0]?.params).toMatchObject({ key: youtube.apiKey, part: "id" });
  });

  // An unavailable upstream is the probe's answer, not a failed request: 200, so no browser logs an error.
  it("answers 200 'unavailable' with a clear reason when no key is configured, without calling YouTube", async () => {
    await start({ YOUTUBE_API_KEY: "" });
    const res = await server.client().get("/api/youtube-playlist?test=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, setUp: false, reason: NOT_CONFIGURED });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(youtube.calls).toHaveLength(0);
  });

  it("answers 200 'unavailable' when YouTube refuses the key", async () => {
    await start({ YOUTUBE_API_KEY: "wrong-key" });
    const res = await server.client().get("/api/youtube-playlist?test=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, setUp: true, reason: BAD_KEY });
  });

  it("answers 200 'unavailable' when the quota is used up", async () => {
    await start();
    youtube.fail("all", "quota");
    const res = await server.client().get("/api/youtube-playlist?test=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, setUp: true, reason: QUOTA });
  });

  it("answers 200 'unavailable' when YouTube is unreachable", async () => {
    const gone = await startFakeYouTube();
    await gone.close();
    await start({ YOUTUBE_API_BASE_URL: gone.baseUrl });
    const res = await server.client().get("/api/youtube-playlist?test=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, setUp: true, reason: UNAVAILABLE });
  });

  it("is described in the published contract: 200 with available true, or false with whether it is set up and why", async () => {
    await start();
    type Doc = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };
    const document = (await server.client().get<Doc>("/api/openapi.json")).body;
    const ok = document.paths["/api/youtube-playlist"]?.get.responses["200"]?.content["application/json"];
    expect(ok).toMatchObject({
      schema: {
        anyOf: expect.arrayContaining([
          expect.objectContaining({
            properties: {
              available: { type: "boolean", const: false },
              setUp: { type: "boolean" },
              reason: { type: "string" },
            },
          }),
        ]),
      },
    });
  });

  it("keeps the playlist fetch's own 503 when no key is configured (only the probe answers 200)", async () => {
    await start({ YOUTUBE_API_KEY: "" });
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: NOT_CONFIGURED });
  });

  it("remembers a good answer for a while, so page views do not each spend quota", async () => {
    await start();
    for (let i = 0; i < 3; i++) expect((await server.client().get("/api/youtube-playlist?test=true")).status).toBe(200);
    expect(youtube.calls).toHaveLength(1);
    server.clock.advance(5 * 60_000 + 1);
    await server.client().get("/api/youtube-playlist?test=true");
    expect(youtube.calls).toHaveLength(2);
  });

  it("asks again 30 s after a failure and then reports the recovery", async () => {
    await start();
    const probe = async () =>
      (await server.client().get<{ available: boolean }>("/api/youtube-playlist?test=true")).body;
    youtube.fail("all", "server");
    expect(await probe()).toEqual({ available: false, setUp: true, reason: UNAVAILABLE });
    youtube.fail("all", null);
    expect(await probe()).toEqual({ available: false, setUp: true, reason: UNAVAILABLE });
    server.clock.advance(30_001);
    expect(await probe()).toEqual({ available: true });
  });
});

describe("GET /api/youtube-playlist?playlistId= (input)", () => {
  beforeEach(async () => {
    await start();
  });

  it.each([
    ["", ID_REQUIRED],
    ["?playlistId=", ID_REQUIRED],
    ["?playlistId=PLshort", ID_INVALID],
    [`?playlistId=PL${"a".repeat(15)}`, ID_INVALID],
    [`?playlistId=OL${"a".repeat(16)}`, ID_INVALID],
    [`?playlistId=pl${"a".repeat(16)}`, ID_INVALID],
    [`?playlistId=PL${"a".repeat(16)}%21`, ID_INVALID],
    [`?playlistId=PL${"a".repeat(16)}&playlistId=PL${"b".repeat(16)}`, ID_INVALID],
    [`?playlistId=PL${"a".repeat(200)}`, ID_INVALID],
    [`?test=false`, ID_REQUIRED],
  ])("refuses %j with 400 and the exact message, without calling YouTube", async (query, error) => {
    const res = await server.client().get(`/api/youtube-playlist${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(youtube.calls).toHaveLength(0);
  });

  it.each(["PL", "UU", "RD"])("accepts the %s prefix with 16 following characters", async (prefix) => {
    const id = `${prefix}${"x".repeat(14)}_-`;
    youtube.playlists.set(id, makePlaylist(2, { prefix: prefix.toLowerCase() }));
    const res = await playlist(id);
    expect(res.status).toBe(200);
    expect(res.body.videos).toHaveLength(2);
  });

  it("answers 503 with a clear message when no key is configured", async () => {
    await server.close();
    await start({ YOUTUBE_API_KEY: "" });
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: NOT_CONFIGURED });
  });
});

describe("GET /api/youtube-playlist?playlistId= (the playlist)", () => {
  beforeEach(async () => {
    await start();
  });

  it("answers every playable video in playlist order with id, title, thumbnail, channel and duration", async () => {
    const res = await playlist();
    expect(res.status).toBe(200);
    const source = youtube.playlists.get(LIST) ?? [];
    const playable = source.filter((v) => v.status === "public");
    expect(playable).toHaveLength(114);
    expect(res.body.videos.map((v) => v.id)).toEqual(playable.map((v) => v.id));
    expect(res.body.videos[0]).toEqual({
      id: "a0000000001",
      title: "Song 1",
      thumbnail: "https://i.ytimg.com/vi/a0000000001/mqdefault.jpg",
      channel: "Channel 2",
      duration: "4:05",
    });
    expect(res.body.videos[1]?.duration).toBe("1:02:03");
    expect(res.body.videos[2]?.duration).toBe("0:45");
    expect(res.body.videos[3]?.duration).toBe("10:00");
    expect(Object.keys(res.body)).toEqual(["videos"]);
  });

  it("drops private and deleted entries (never asking videos.list about them)", async () => {
    const res = await playlist();
    const titles = res.body.videos.map((v) => v.title);
    expect(titles).not.toContain("Private video");
    expect(titles).not.toContain("Deleted video");
    const hidden = (youtube.playlists.get(LIST) ?? []).filter((v) => v.status !== "public").map((v) => v.id);
    expect(hidden).toHaveLength(6);
    const asked = youtube.calls.filter((c) => c.endpoint === "videos").flatMap((c) => c.params.id?.split(",") ?? []);
    for (const id of hidden) expect(asked).not.toContain(id);
  });

  it("pages with the real query parameters, following nextPageToken, and fetches durations in batches of 50", async () => {
    await playlist();
    const pages = youtube.calls.filter((c) => c.endpoint === "playlistItems");
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.params).toMatchObject({
        part: "snippet,status",
        playlistId: LIST,
        maxResults: "50",
        key: youtube.apiKey,
      });
    }
    expect(pages[0]?.params.pageToken).toBeUndefined();
    expect(pages[1]?.params.pageToken).toEqual(expect.any(String));
    expect(pages[2]?.params.pageToken).not.toBe(pages[1]?.params.pageToken);
    const batches = youtube.calls.filter((c) => c.endpoint === "videos");
    expect(batches.length).toBeLessThanOrEqual(3);
    for (const batch of batches) {
      expect(batch.params).toMatchObject({ part: "contentDetails", key: youtube.apiKey });
      expect(batch.params.id?.split(",").length).toBeLessThanOrEqual(50);
    }
    expect(batches.flatMap((b) => b.params.id?.split(",") ?? [])).toHaveLength(114);
  });

  it("lists a video that appears twice only once", async () => {
    const [first, second] = makePlaylist(2, { prefix: "d" });
    youtube.playlists.set(
      SMALL,
      [first, second, first].filter((v) => v !== undefined),
    );
    const res = await playlist(SMALL);
    expect(res.body.videos.map((v) => v.id)).toEqual(["d0000000001", "d0000000002"]);
  });

  it("answers an empty list for a playlist with nothing playable", async () => {
    youtube.playlists.set(SMALL, makePlaylist(4, { privateEvery: 2, deletedEvery: 3, prefix: "e" }).slice(1, 3));
    const res = await playlist(SMALL);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ videos: [] });
  });

  it("stops at YouTube's 5,000-item cap: 100 pages and at most 100 duration batches", async () => {
    youtube.playlists.set(SMALL, makePlaylist(5100, { prefix: "c" }));
    // Even if the upstream kept offering pages past the cap, the client stops at 100.
    youtube.itemCap = Number.POSITIVE_INFINITY;
    const res = await playlist(SMALL);
    expect(res.status).toBe(200);
    expect(res.body.videos).toHaveLength(5000);
    expect(youtube.count("playlistItems")).toBe(100);
    expect(youtube.count("videos")).toBe(100);
  });

  it("serves a fetched playlist from the cache until YOUTUBE_CACHE_SECONDS (default 3600) pass", async () => {
    const first = await playlist();
    const calls = youtube.calls.length;
    expect(first.headers.get("server-timing")).toContain('desc="youtube"');
    const second = await playlist();
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("server-timing")).toContain('desc="cache"');
    expect(youtube.calls).toHaveLength(calls);
    server.clock.advance(3599_000);
    await playlist();
    expect(youtube.calls).toHaveLength(calls);
    server.clock.advance(2_000);
    await playlist();
    expect(youtube.calls).toHaveLength(calls * 2);
  });

  it("sends the list gzipped to clients that accept it", async () => {
    const url = `${server.url}/api/youtube-playlist?playlistId=${LIST}`;
    const zipped = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(((await zipped.json()) as { videos: unknown[] }).videos).toHaveLength(114);
    const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as { videos: unknown[] }).videos).toHaveLength(114);
  });

  it("caches each playlist on its own", async () => {
    await playlist(LIST);
    const calls = youtube.calls.length;
    const small = await playlist(SMALL);
    expect(small.body.videos).toHaveLength(3);
    expect(youtube.calls).toHaveLength(calls + 2);
  });

  it("shares one upstream fetch between concurrent requests for the same playlist", async () => {
    youtube.delayMs = 30;
    const answers = await Promise.all(Array.from({ length: 5 }, () => playlist()));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.videos).toHaveLength(114);
    }
    expect(youtube.count("playlistItems")).toBe(3);
    expect(youtube.count("videos")).toBe(3);
  });
});

describe("GET /api/youtube-playlist?playlistId= (upstream errors)", () => {
  it("answers 404 with a clear message for an unknown playlist", async () => {
    await start();
    const res = await playlist("PLnoSuchPlaylist00000000");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: NOT_FOUND });
  });

  it("answers 404 with a clear message for a private playlist", async () => {
    await start();
    youtube.fail("playlistItems", "private");
    const res = await playlist();
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: PRIVATE });
  });

  it("answers 503 when the quota is used up", async () => {
    await start();
    youtube.fail("playlistItems", "quota");
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: QUOTA });
  });

  it("answers 503 when the quota runs out during the duration batches", async () => {
    await start();
    youtube.fail("videos", "quota");
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: QUOTA });
  });

  it("answers 503 when YouTube refuses the key, and never shows the key", async () => {
    await start({ YOUTUBE_API_KEY: "not-the-key-1234" });
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: BAD_KEY });
    expect(res.text).not.toContain("not-the-key-1234");
    expect(server.logs.join("\n")).not.toContain("not-the-key-1234");
  });

  it.each(["server", "garbage"] as const)("answers 503 'unavailable' for a YouTube outage (%s)", async (failure) => {
    await start();
    youtube.fail("all", failure);
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: UNAVAILABLE });
  });

  it("answers 503 'unavailable' when YouTube is unreachable", async () => {
    const gone = await startFakeYouTube();
    await gone.close();
    await start({ YOUTUBE_API_BASE_URL: gone.baseUrl });
    const res = await playlist();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: UNAVAILABLE });
  });

  it("does not cache a failure: the next request tries again", async () => {
    await start();
    youtube.fail("all", "quota");
    expect((await playlist()).status).toBe(503);
    youtube.fail("all", null);
    const res = await playlist();
    expect(res.status).toBe(200);
    expect(res.body.videos).toHaveLength(114);
  });
});

describe("rate limit", () => {
  it("limits uncached playlist fetches per IP with 429, but not the availability check", async () => {
    await start({ YOUTUBE_CACHE_SECONDS: "0" }, { playlistPerIp: 2 });
    expect((await playlist()).status).toBe(200);
    expect((await playlist()).status).toBe(200);
    const limited = await playlist();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: TOO_MANY });
    expect((await server.client().get("/api/youtube-playlist?test=true")).status).toBe(200);
  });

  it("does not count answers from the cache: only calls that spend YouTube quota", async () => {
    await start({}, { playlistPerIp: 2 });
    for (let i = 0; i < 5; i++) expect((await playlist()).status).toBe(200);
    expect((await playlist(SMALL)).status).toBe(200);
    const third = "PLthirdPlaylistXXXXXXXXXX";
    youtube.playlists.set(third, makePlaylist(2, { prefix: "t" }));
    const limited = await playlist(third);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: TOO_MANY });
    expect(youtube.count("playlistItems")).toBe(3 + 1);
  });
});
