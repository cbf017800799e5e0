/**
 * The playlist shuffler's use case: the whole playlist (up to YouTube's 5,000 items) with durations,
 * private and deleted entries dropped. Every page costs a quota unit, so a playlist is cached for a
 * configurable time and concurrent requests for the same playlist share one upstream fetch. Upstream
 * failures become DomainErrors with messages a visitor understands.
 *
 * Public use case (no actor): it reads public YouTube data only and writes nothing.
 */

import { formatIsoDuration } from "../../domain/duration.ts";
import { DomainError, Invalid, NotFound, Unavailable } from "../../domain/errors.ts";
import {
  checkPlaylistId,
  PLAYLIST_MAX_ITEMS,
  type PlaylistAvailabilityAnswer,
  type PlaylistVideo,
  YOUTUBE_MESSAGES,
} from "../../domain/youtube.ts";
import {
  YOUTUBE_PAGE_SIZE,
  YouTubeApiError,
  type YouTubeClient,
  type YouTubePlaylistItem,
  YouTubeUnreachable,
} from "./youtube-client.ts";

export interface PlaylistServiceOptions {
  /** Undefined when no API key is configured: every call then answers 503 "not set up". */
  client: YouTubeClient | undefined;
  /** How long a fetched playlist is served from memory; 0 turns the cache off. */
  cacheMs: number;
  now?: () => Date;
  /** Most playlists kept at once (least recently used go first). Default 50. */
  maxEntries?: number;
  /** Most videos kept over all cached playlists (about 0.5 KB of memory each). Default 50,000. */
  maxVideos?: number;
  /** videos.list batches in flight at once. Default 4. */
  batchConcurrency?: number;
}

export interface PlaylistResult {
  videos: readonly PlaylistVideo[];
  /** True when served from the cache (or from a fetch another request had started). */
  cached: boolean;
}

/** What each upstream failure means to a visitor. */
export function toPlaylistError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof YouTubeApiError) {
    switch (error.reason) {
      case "playlistNotFound":
      case "notFound":
        return new NotFound(YOUTUBE_MESSAGES.notFound);
      case "playlistItemsNotAccessible":
      case "playlistForbidden":
        return new NotFound(YOUTUBE_MESSAGES.privatePlaylist);
      case "quotaExceeded":
      case "dailyLimitExceeded":
      case "rateLimitExceeded":
      case "userRateLimitExceeded":
        return new Unavailable(YOUTUBE_MESSAGES.quotaExceeded);
      case "keyInvalid":
      case "keyExpired":
      case "accessNotConfigured":
      case "ipRefererBlocked":
        return new Unavailable(YOUTUBE_MESSAGES.badKey);
    }
    if (error.status === 404) return new NotFound(YOUTUBE_MESSAGES.notFound);
    return new Unavailable(YOUTUBE_MESSAGES.unavailable);
  }
  if (error instanceof YouTubeUnreachable) return new Unavailable(YOUTUBE_MESSAGES.unavailable);
  return new Unavailable(YOUTUBE_MESSAGES.unavailable);
}

/** Private entries ("Private video", privacyStatus private) and deleted ones ("Deleted video") cannot play. */
export function isPlayable(item: YouTubePlaylistItem): boolean {
  if (item.privacyStatus === "private" || item.privacyStatus === "privacyStatusUnspecified") return false;
  const placeholder = item.title === "Private video" || item.title === "Deleted video";
  return !(placeholder && item.channel === undefined);
}

/** Runs at most `limit` tasks at once. */
function limiter(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

interface Entry {
  videos: readonly PlaylistVideo[];
  expiresAt: number;
}

const AVAILABLE_OK_MS = 5 * 60_000;
const AVAILABLE_FAILED_MS = 30_000;

export class PlaylistService {
  private readonly cache = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<readonly PlaylistVideo[]>>();
  private availability: { until: number; error: DomainError | undefined } | undefined;
  private availabilityCheck: Promise<void> | undefined;
  private readonly now: () => Date;

  constructor(private readonly options: PlaylistServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Resolves when a key is configured and YouTube answers; else throws Unavailable. The HTTP probe answers
   * through `probe()` instead (200 either way); the playlist fetch itself keeps its 503.
   */
  async checkAvailability(): Promise<void> {
    const client = this.options.client;
    if (!client) throw new Unavailable(YOUTUBE_MESSAGES.notConfigured);
    const at = this.now().getTime();
    if (this.availability && at < this.availability.until) {
      if (this.availability.error) throw this.availability.error;
      return;
    }
    if (!this.availabilityCheck) {
      const check = client
        .ping()
        .then(
          () => {
            this.availability = { until: at + Math.min(this.options.cacheMs, AVAILABLE_OK_MS), error: undefined };
          },
          (error: unknown) => {
            const mapped = toPlaylistError(error);
            // Only upstream trouble means "unavailable"; a 404 of the probe video still proves the API works.
            const failure = mapped.kind === "unavailable" ? mapped : undefined;
            this.availability = { until: at + Math.min(this.options.cacheMs, AVAILABLE_FAILED_MS), error: failure };
          },
        )
        .finally(() => {
          this.availabilityCheck = undefined;
        });
      this.availabilityCheck = check;
    }
    await this.availabilityCheck;
    if (this.availability?.error) throw this.availability.error;
  }

  /** The availability probe's answer: the same check, with an unavailable upstream as an answer, not an error. */
  async probe(): Promise<PlaylistAvailabilityAnswer> {
    try {
      await this.checkAvailability();
      return { available: true };
    } catch (error) {
      if (error instanceof Unavailable)
        return { available: false, setUp: this.options.client !== undefined, reason: error.message };
      throw error;
    }
  }

  /** The playable videos of a playlist, in playlist order, from the cache when fresh. */
  async getPlaylist(playlistId: unknown): Promise<PlaylistResult> {
    const checked = checkPlaylistId(playlistId);
    if ("error" in checked) throw new Invalid(checked.error);
    const client = this.options.client;
    if (!client) throw new Unavailable(YOUTUBE_MESSAGES.notConfigured);
    const { id } = checked;

    const hit = this.cache.get(id);
    if (hit && this.now().getTime() < hit.expiresAt) {
      // Least recently used goes first: move this one to the end.
      this.cache.delete(id);
      this.cache.set(id, hit);
      return { videos: hit.videos, cached: true };
    }
    if (hit) this.cache.delete(id);

    const pending = this.inFlight.get(id);
    if (pending) return { videos: await pending, cached: true };

    const fetching = this.fetchPlaylist(client, id)
      .then((videos) => {
        if (this.options.cacheMs > 0) this.store(id, videos);
        return videos;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, fetching);
    return { videos: await fetching, cached: false };
  }

  /** Whether getPlaylist would answer this id without calling YouTube (fresh in the cache, or being fetched). */
  isCached(playlistId: unknown): boolean {
    const checked = checkPlaylistId(playlistId);
    if ("error" in checked) return false;
    const hit = this.cache.get(checked.id);
    return (hit !== undefined && this.now().getTime() < hit.expiresAt) || this.inFlight.has(checked.id);
  }

  /** Forgets every cached playlist (e.g. after changing the key). */
  clear(): void {
    this.cache.clear();
    this.availability = undefined;
  }

  private store(id: string, videos: readonly PlaylistVideo[]): void {
    this.cache.delete(id);
    this.cache.set(id, { videos, expiresAt: this.now().getTime() + this.options.cacheMs });
    const maxEntries = this.options.maxEntries ?? 50;
    const maxVideos = this.options.maxVideos ?? 50_000;
    let total = 0;
    for (const entry of this.cache.values()) total += entry.videos.length;
    // Least recently used first; the playlist just stored always stays.
    for (const [key, entry] of this.cache) {
      if (key === id || (this.cache.size <= maxEntries && total <= maxVideos)) break;
      this.cache.delete(key);
      total -= entry.videos.length;
    }
  }

  /**
   * Pages through playlistItems.list one page after another (each needs the previous nextPageToken); as each
   * page arrives its playable ids go to videos.list at once, several batches in flight, so durations are
   * fetched while the next pages load. Cold cost: one call per page plus at most one per page for durations.
   */
  private async fetchPlaylist(client: YouTubeClient, id: string): Promise<readonly PlaylistVideo[]> {
    const limit = limiter(this.options.batchConcurrency ?? 4);
    const items: YouTubePlaylistItem[] = [];
    const seen = new Set<string>();
    const batches: Promise<Map<string, string>>[] = [];
    const seenTokens = new Set<string>();
    let pageToken: string | undefined;
    let listed = 0;
    try {
      do {
        const page = await client.playlistItems(id, pageToken);
        const fresh = page.items.slice(0, PLAYLIST_MAX_ITEMS - listed);
        listed += fresh.length;
        const ids: string[] = [];
        for (const item of fresh) {
          // A playlist may hold the same video twice; the shuffler lists each video once.
          if (!isPlayable(item) || seen.has(item.videoId)) continue;
          seen.add(item.videoId);
          items.push(item);
          ids.push(item.videoId);
        }
        for (let start = 0; start < ids.length; start += YOUTUBE_PAGE_SIZE) {
          const batch = limit(() => client.videoDurations(ids.slice(start, start + YOUTUBE_PAGE_SIZE)));
          // Awaited below; until then a failure must not count as an unhandled rejection.
          batch.catch(() => {});
          batches.push(batch);
        }
        pageToken = page.nextPageToken;
        if (pageToken !== undefined) {
          if (seenTokens.has(pageToken)) break;
          seenTokens.add(pageToken);
        }
      } while (pageToken !== undefined && listed < PLAYLIST_MAX_ITEMS);
      const durations = new Map<string, string>();
      for (const batch of await Promise.all(batches)) for (const [videoId, d] of batch) durations.set(videoId, d);
      // An entry videos.list no longer serves (deleted or made private since) cannot be played either.
      return items
        .filter((item) => durations.has(item.videoId))
        .map((item) => ({
          id: item.videoId,
          title: item.title,
          thumbnail: item.thumbnail ?? `https://i.ytimg.com/vi/${item.videoId}/mqdefault.jpg`,
          channel: item.channel ?? "",
          duration: formatIsoDuration(durations.get(item.videoId) ?? ""),
        }));
    } catch (error) {
      throw toPlaylistError(error);
    }
  }
}

/** Said by the probe where this server or app runs no playlist shuffler at all. */
export const SHUFFLER_ABSENT = "The playlist shuffler is not available here.";

/** The availability probe (`?test=true`) over any transport: an answer even when there is no shuffler at all. */
export function playlistAvailability(playlists: PlaylistService | undefined): Promise<PlaylistAvailabilityAnswer> {
  return playlists ? playlists.probe() : Promise.resolve({ available: false, setUp: false, reason: SHUFFLER_ABSENT });
}
