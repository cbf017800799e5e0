/**
 * A small client of the YouTube Data API v3: `playlistItems.list` and `videos.list`, with the real query
 * parameters, so tests can point `baseUrl` at a local fake that speaks the same protocol. It reads the
 * fields the shuffler needs and reports upstream failures as `YouTubeApiError` (with YouTube's reason) or
 * `YouTubeUnreachable`. The API key travels only in the query string to YouTube: never in an error.
 */

export const YOUTUBE_DEFAULT_BASE_URL = "https://www.googleapis.com/youtube/v3";
/** YouTube's page size limit for both calls. */
export const YOUTUBE_PAGE_SIZE = 50;

export interface YouTubeClientOptions {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

/** One entry of a playlist as playlistItems.list reports it (private and deleted ones included). */
export interface YouTubePlaylistItem {
  videoId: string;
  title: string;
  /** The video owner's channel (absent on private and deleted entries). */
  channel: string | undefined;
  thumbnail: string | undefined;
  /** "public", "unlisted", "private" or "privacyStatusUnspecified" (deleted); undefined if not reported. */
  privacyStatus: string | undefined;
}

export interface YouTubePlaylistPage {
  items: YouTubePlaylistItem[];
  nextPageToken: string | undefined;
  totalResults: number | undefined;
}

/** YouTube answered with an error status; `reason` is its machine-readable reason, e.g. quotaExceeded. */
export class YouTubeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "YouTubeApiError";
  }
}

/** No usable answer: connection refused, timeout, or a body that is not the API's JSON. */
export class YouTubeUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "YouTubeUnreachable";
  }
}

export interface YouTubeClient {
  playlistItems(playlistId: string, pageToken?: string): Promise<YouTubePlaylistPage>;
  /** ISO-8601 duration of each video id YouTube still serves (private and deleted ones are left out). */
  videoDurations(videoIds: readonly string[]): Promise<Map<string, string>>;
  /** The cheapest call that proves the key works (1 quota unit). */
  ping(): Promise<void>;
}

const PLAYLIST_FIELDS =
  "nextPageToken,pageInfo(totalResults),items(snippet(title,videoOwnerChannelTitle,thumbnails,resourceId(videoId)),status(privacyStatus))";
const THUMBNAIL_PREFERENCE = ["medium", "high", "default", "standard", "maxres"] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function pickThumbnail(thumbnails: unknown): string | undefined {
  if (!isObject(thumbnails)) return undefined;
  for (const size of THUMBNAIL_PREFERENCE) {
    const entry = thumbnails[size];
    if (isObject(entry) && typeof entry.url === "string") return entry.url;
  }
  return undefined;
}

/** Reads YouTube's error JSON: `{error: {code, message, errors: [{reason, domain}], details: [{reason}]}}`. */
export function readYouTubeError(status: number, body: unknown): YouTubeApiError {
  const error = isObject(body) && isObject(body.error) ? body.error : {};
  const first = Array.isArray(error.errors) && isObject(error.errors[0]) ? error.errors[0] : {};
  const detail = Array.isArray(error.details) && isObject(error.details[0]) ? error.details[0] : {};
  const message = text(error.message) ?? `YouTube answered ${status}.`;
  let reason = text(first.reason);
  // Newer answers report a bad key as reason "badRequest" with details[0].reason "API_KEY_INVALID".
  if (text(detail.reason) === "API_KEY_INVALID" || /^API key not valid/i.test(message)) reason = "keyInvalid";
  return new YouTubeApiError(status, reason, message);
}

export function createYouTubeClient(options: YouTubeClientOptions): YouTubeClient {
  const base = (options.baseUrl ?? YOUTUBE_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function get(resource: "playlistItems" | "videos", params: Record<string, string>): Promise<Json> {
    const url = new URL(`${base}/${resource}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("key", options.apiKey);
    let res: Response;
    try {
      res = await doFetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new YouTubeUnreachable(
        timedOut ? `YouTube did not answer within ${timeoutMs} ms.` : "YouTube is unreachable.",
      );
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new YouTubeUnreachable(`YouTube answered ${res.status} with a body that is not JSON.`);
    }
    if (!res.ok) throw readYouTubeError(res.status, body);
    if (!isObject(body)) throw new YouTubeUnreachable("YouTube answered with an unexpected body.");
    return body;
  }

  return {
    async playlistItems(playlistId, pageToken) {
      const body = await get("playlistItems", {
        part: "snippet,status",
        playlistId,
        maxResults: String(YOUTUBE_PAGE_SIZE),
        fields: PLAYLIST_FIELDS,
        ...(pageToken ? { pageToken } : {}),
      });
      const items: YouTubePlaylistItem[] = [];
      for (const raw of Array.isArray(body.items) ? body.items : []) {
        if (!isObject(raw) || !isObject(raw.snippet)) continue;
        const snippet = raw.snippet;
        const videoId = isObject(snippet.resourceId) ? text(snippet.resourceId.videoId) : undefined;
        if (!videoId) continue;
        items.push({
          videoId,
          title: text(snippet.title) ?? "",
          channel: text(snippet.videoOwnerChannelTitle),
          thumbnail: pickThumbnail(snippet.thumbnails),
          privacyStatus: isObject(raw.status) ? text(raw.status.privacyStatus) : undefined,
        });
      }
      const total = isObject(body.pageInfo) ? body.pageInfo.totalResults : undefined;
      return {
        items,
        nextPageToken: text(body.nextPageToken) || undefined,
        totalResults: typeof total === "number" ? total : undefined,
      };
    },

    async videoDurations(videoIds) {
      const durations = new Map<string, string>();
      if (videoIds.length === 0) return durations;
      if (videoIds.length > YOUTUBE_PAGE_SIZE) throw new Error(`videos.list takes at most ${YOUTUBE_PAGE_SIZE} ids.`);
      const body = await get("videos", {
        part: "contentDetails",
        id: videoIds.join(","),
        maxResults: String(YOUTUBE_PAGE_SIZE),
        fields: "items(id,contentDetails(duration))",
      });
      for (const raw of Array.isArray(body.items) ? body.items : []) {
        if (!isObject(raw)) continue;
        const id = text(raw.id);
        const duration = isObject(raw.contentDetails) ? text(raw.contentDetails.duration) : undefined;
        if (id) durations.set(id, duration ?? "");
      }
      return durations;
    },

    async ping() {
      // A fixed, long-lived public video: any 200 answer (even with no items) proves the key and the API work.
      await get("videos", { part: "id", id: "dQw4w9WgXcQ", maxResults: "1", fields: "items(id)" });
    },
  };
}
