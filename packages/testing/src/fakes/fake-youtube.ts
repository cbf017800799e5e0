/**
 * A real HTTP server on loopback speaking the YouTube Data API v3 as the shuffler uses it:
 * `GET /youtube/v3/playlistItems` (50 a page at most, opaque nextPageToken, part=snippet[,status]) and
 * `GET /youtube/v3/videos` (part=contentDetails, up to 50 ids). Private and deleted entries look as YouTube
 * shows them: title "Private video" / "Deleted video", no videoOwnerChannelTitle, empty thumbnails, and with
 * part=status privacyStatus "private" / "privacyStatusUnspecified"; videos.list leaves them out.
 * Errors use YouTube's JSON shape and can be switched on per endpoint. `fields` is accepted and ignored.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_YOUTUBE_KEY = "fake-youtube-key";

export interface FakeVideo {
  id: string;
  title: string;
  channel: string;
  /** ISO-8601, e.g. PT4M5S */
  duration: string;
  /** Default public. */
  status?: "public" | "unlisted" | "private" | "deleted";
}

export type FakeYouTubeFailure = "quota" | "notFound" | "keyInvalid" | "server" | "garbage" | "private";

export interface FakeYouTubeCall {
  endpoint: string;
  params: Record<string, string>;
}

export interface FakeYouTube {
  /** Use as YOUTUBE_API_BASE_URL. */
  baseUrl: string;
  apiKey: string;
  playlists: Map<string, FakeVideo[]>;
  calls: FakeYouTubeCall[];
  count(endpoint: "playlistItems" | "videos"): number;
  /** Make every call of an endpoint fail this way until repaired with null. */
  fail(endpoint: "playlistItems" | "videos" | "all", failure: FakeYouTubeFailure | null): void;
  /** Milliseconds every answer waits (lets tests overlap requests). */
  delayMs: number;
  /** Like YouTube, pages end after this many entries (default 5,000); raise it to test the client's own cap. */
  itemCap: number;
  close(): Promise<void>;
}

/** YouTube's error bodies, as the real API sends them. */
export const YOUTUBE_ERRORS: Record<Exclude<FakeYouTubeFailure, "garbage">, { status: number; body: unknown }> = {
  quota: {
    status: 403,
    body: {
      error: {
        code: 403,
        message:
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        errors: [
          {
            message:
              'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
            domain: "youtube.quota",
            reason: "quotaExceeded",
          },
        ],
      },
    },
  },
  notFound: {
    status: 404,
    body: {
      error: {
        code: 404,
        message: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        errors: [
          {
            message: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            domain: "youtube.playlistItem",
            reason: "playlistNotFound",
            location: "playlistId",
            locationType: "parameter",
          },
        ],
      },
    },
  },
  private: {
    status: 403,
    body: {
      error: {
        code: 403,
        message: "The request is not properly authorized to retrieve the specified playlist.",
        errors: [
          {
            message: "The request is not properly authorized to retrieve the specified playlist.",
            domain: "youtube.playlistItem",
            reason: "playlistItemsNotAccessible",
            location: "id",
            locationType: "parameter",
          },
        ],
      },
    },
  },
  keyInvalid: {
    status: 400,
    body: {
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        errors: [
          { message: "API key not valid. Please pass a valid API key.", domain: "global", reason: "badRequest" },
        ],
        status: "INVALID_ARGUMENT",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "API_KEY_INVALID",
            domain: "googleapis.com",
            metadata: { service: "youtube.googleapis.com" },
          },
        ],
      },
    },
  },
  server: {
    status: 503,
    body: {
      error: {
        code: 503,
        message: "The service is currently unavailable.",
        errors: [{ message: "The service is currently unavailable.", domain: "global", reason: "backendError" }],
      },
    },
  },
};

/**
 * A playlist of `count` videos. Every `privateEvery`-th entry is private and every `deletedEvery`-th deleted
 * (0 = none); ids are 11 characters like YouTube's. Durations cycle through a few shapes.
 */
export function makePlaylist(count: number, { privateEvery = 0, deletedEvery = 0, prefix = "v" } = {}): FakeVideo[] {
  const durations = ["PT4M5S", "PT1H2M3S", "PT45S", "PT10M", "PT3M30S"];
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const status =
      deletedEvery > 0 && n % deletedEvery === 0
        ? "deleted"
        : privateEvery > 0 && n % privateEvery === 0
          ? "private"
          : "public";
    return {
      id: `${prefix}${String(n).padStart(11 - prefix.length, "0")}`,
      title: `Song ${n}`,
      channel: `Channel ${(n % 7) + 1}`,
      duration: durations[i % durations.length] as string,
      status,
    } satisfies FakeVideo;
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function badRequest(res: ServerResponse, reason: string, message: string): void {
  send(res, 400, { error: { code: 400, message, errors: [{ message, domain: "youtube.parameter", reason }] } });
}

const encodeToken = (offset: number) => `EAAa${Buffer.from(`PT:${offset}`).toString("base64url")}`;
function decodeToken(token: string): number | undefined {
  if (!token.startsWith("EAAa")) return undefined;
  const match = /^PT:(\d+)$/.exec(Buffer.from(token.slice(4), "base64url").toString());
  return match ? Number(match[1]) : undefined;
}

function thumbnails(id: string) {
  const at = (name: string, width: number, height: number) => ({
    url: `https://i.ytimg.com/vi/${id}/${name}.jpg`,
    width,
    height,
  });
  return {
    default: at("default", 120, 90),
    medium: at("mqdefault", 320, 180),
    high: at("hqdefault", 480, 360),
  };
}

function playlistItem(playlistId: string, video: FakeVideo, position: number, withStatus: boolean) {
  const hidden = video.status === "private" || video.status === "deleted";
  const snippet: Record<string, unknown> = {
    publishedAt: "2024-01-01T00:00:00Z",
    channelId: "UCplaylistOwner000000000",
    title: video.status === "private" ? "Private video" : video.status === "deleted" ? "Deleted video" : video.title,
    description: video.status === "private" ? "This video is private." : hidden ? "This video is unavailable." : "",
    thumbnails: hidden ? {} : thumbnails(video.id),
    channelTitle: "Playlist Owner",
    playlistId,
    position,
    resourceId: { kind: "youtube#video", videoId: video.id },
  };
  if (!hidden) {
    snippet.videoOwnerChannelTitle = video.channel;
    snippet.videoOwnerChannelId = `UC${video.channel.replace(/\W/g, "")}`;
  }
  const item: Record<string, unknown> = {
    kind: "youtube#playlistItem",
    etag: `etag-${position}`,
    id: Buffer.from(`${playlistId}.${position}`).toString("base64url"),
    snippet,
  };
  if (withStatus) {
    item.status = {
      privacyStatus:
        video.status === "private"
          ? "private"
          : video.status === "deleted"
            ? "privacyStatusUnspecified"
            : (video.status ?? "public"),
    };
  }
  return item;
}

export async function startFakeYouTube(options: { apiKey?: string; delayMs?: number } = {}): Promise<FakeYouTube> {
  const apiKey = options.apiKey ?? FAKE_YOUTUBE_KEY;
  const playlists = new Map<string, FakeVideo[]>();
  const calls: FakeYouTubeCall[] = [];
  const failures = new Map<string, FakeYouTubeFailure>();

  const fake: FakeYouTube = {
    baseUrl: "",
    apiKey,
    playlists,
    calls,
    count: (endpoint) => calls.filter((c) => c.endpoint === endpoint).length,
    fail(endpoint, failure) {
      for (const name of endpoint === "all" ? ["playlistItems", "videos"] : [endpoint]) {
        if (failure) failures.set(name, failure);
        else failures.delete(name);
      }
    },
    delayMs: options.delayMs ?? 0,
    itemCap: 5000,
    close: async () => {},
  };

  // Index of every video by id, rebuilt per playlist list only when a playlist was set or replaced.
  const indexes = new WeakMap<FakeVideo[], Map<string, FakeVideo>>();
  function videoById(id: string): FakeVideo | undefined {
    for (const list of playlists.values()) {
      let index = indexes.get(list);
      if (!index) {
        index = new Map(list.map((video) => [video.id, video]));
        indexes.set(list, index);
      }
      const video = index.get(id);
      if (video) return video;
    }
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const endpoint = url.pathname.replace(/^\/youtube\/v3\//, "");
    const params = Object.fromEntries(url.searchParams);
    calls.push({ endpoint, params });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));

    if (req.method !== "GET" || (endpoint !== "playlistItems" && endpoint !== "videos")) {
      send(res, 404, {
        error: { code: 404, message: "Not Found", errors: [{ reason: "notFound", domain: "global" }] },
      });
      return;
    }
    if (!params.key) {
      send(res, 403, {
        error: {
          code: 403,
          message: "The request is missing a valid API key.",
          errors: [{ message: "The request is missing a valid API key.", domain: "global", reason: "forbidden" }],
          status: "PERMISSION_DENIED",
        },
      });
      return;
    }
    const failure = params.key === apiKey ? failures.get(endpoint) : "keyInvalid";
    if (failure === "garbage") {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body>Bad Gateway</body></html>");
      return;
    }
    if (failure) {
      const { status, body } = YOUTUBE_ERRORS[failure];
      send(res, status, body);
      return;
    }
    const parts = (params.part ?? "").split(",");
    const maxResults = params.maxResults === undefined ? 5 : Number(params.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50) {
      badRequest(res, "invalidParameter", "Invalid value for parameter maxResults.");
      return;
    }

    if (endpoint === "playlistItems") {
      if (!parts.includes("snippet")) {
        badRequest(res, "invalidPart", "The part parameter must include snippet.");
        return;
      }
      const videos = playlists.get(params.playlistId ?? "");
      if (!videos) {
        const { status, body } = YOUTUBE_ERRORS.notFound;
        send(res, status, body);
        return;
      }
      const offset = params.pageToken ? decodeToken(params.pageToken) : 0;
      if (offset === undefined) {
        badRequest(res, "invalidPageToken", "The request specifies an invalid page token.");
        return;
      }
      // Like YouTube, never more than the first 5,000 entries.
      const total = Math.min(videos.length, fake.itemCap);
      const page = videos.slice(offset, Math.min(offset + maxResults, total));
      const next = offset + maxResults < total ? encodeToken(offset + maxResults) : undefined;
      send(res, 200, {
        kind: "youtube#playlistItemListResponse",
        etag: `page-${offset}`,
        ...(next ? { nextPageToken: next } : {}),
        ...(offset > 0 ? { prevPageToken: encodeToken(Math.max(0, offset - maxResults)) } : {}),
        items: page.map((video, i) =>
          playlistItem(params.playlistId ?? "", video, offset + i, parts.includes("status")),
        ),
        pageInfo: { totalResults: videos.length, resultsPerPage: maxResults },
      });
      return;
    }

    // videos.list
    const ids = (params.id ?? "").split(",").filter(Boolean);
    if (ids.length > 50) {
      badRequest(res, "invalidFilters", "The request specifies more than 50 video ids.");
      return;
    }
    const items = ids
      .map((id) => videoById(id))
      .filter(
        (video): video is FakeVideo =>
          video !== undefined && (video.status ?? "public") !== "private" && video.status !== "deleted",
      )
      .map((video) => ({
        kind: "youtube#video",
        etag: `video-${video.id}`,
        id: video.id,
        ...(parts.includes("contentDetails")
          ? {
              contentDetails: {
                duration: video.duration,
                dimension: "2d",
                definition: "hd",
                caption: "false",
                licensedContent: true,
                contentRating: {},
                projection: "rectangular",
              },
            }
          : {}),
      }));
    send(res, 200, {
      kind: "youtube#videoListResponse",
      etag: "videos",
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { code: 500, message: String(error), errors: [{ reason: "backendError" }] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/youtube/v3`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
