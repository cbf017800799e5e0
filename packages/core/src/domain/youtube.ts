/**
 * The playlist shuffler's server answers (spec sections 3, 7 and 8) and the server's messages about the
 * YouTube Data API. Browser-safe: the UI shows these texts as they come.
 */
import { isPlaylistId } from "./playlist.ts";

/** One playable video of a playlist (spec section 3). `duration` is display text such as "4:05". */
export interface PlaylistVideo {
  id: string;
  title: string;
  thumbnail: string;
  channel: string;
  duration: string;
}

/** `GET /api/youtube-playlist?playlistId=` */
export interface PlaylistAnswer {
  videos: PlaylistVideo[];
}

/**
 * `GET /api/youtube-playlist?test=true`: always a 200 answer. An unavailable upstream (no key, a refused key,
 * quota, an outage) is an answer about YouTube, not a failed request, so it never reaches the browser's console
 * as an error; `reason` says why, for the site owner (the page shows visitors the spec's own message).
 */
export type PlaylistAvailabilityAnswer =
  | { available: true }
  /** `setUp: false`: this site runs no shuffler (no YouTube key): nothing a visitor can wait for. */
  | { available: false; setUp: boolean; reason: string };

/** YouTube never serves more than 5,000 items of a playlist. */
export const PLAYLIST_MAX_ITEMS = 5000;
/** The longest id the server accepts (real ones are 18 to 34 characters; mixes a little longer). */
export const PLAYLIST_ID_MAX_LENGTH = 128;

export const YOUTUBE_MESSAGES = {
  /** Spec section 8: what the page shows when the availability check fails. */
  unavailable: "YouTube API is currently unavailable. Please try again later.",
  /** Spec section 8: what the page shows when a playlist call fails without a server message. */
  fetchFailed: "Failed to fetch playlist data",
  notConfigured: "The playlist shuffler is not set up on this server (no YouTube API key is configured).",
  /** What a visitor reads where the site has no shuffler: not a 'try again later' that would never come true. */
  notSetUp: "The playlist shuffler is not set up on this site.",
  playlistIdRequired: "playlistId is required (or test=true to check that the YouTube API is available).",
  playlistIdInvalid:
    "playlistId is not a valid playlist id: it must start with PL, UU or RD followed by at least 16 letters, digits, underscores or hyphens.",
  notFound:
    "This playlist was not found. It may be private or deleted: only public and unlisted playlists can be shuffled.",
  privatePlaylist: "This playlist is private. Only public and unlisted playlists can be shuffled.",
  quotaExceeded: "The YouTube API quota of this site is used up for today. Please try again tomorrow.",
  badKey: "YouTube refused this server's API key. The site owner needs to fix the YouTube API key.",
} as const;

/** Validates the `playlistId` query value; answers the id or the exact error message. */
export function checkPlaylistId(value: unknown): { id: string } | { error: string } {
  if (value === undefined || value === "") return { error: YOUTUBE_MESSAGES.playlistIdRequired };
  if (typeof value !== "string" || value.length > PLAYLIST_ID_MAX_LENGTH || !isPlaylistId(value)) {
    return { error: YOUTUBE_MESSAGES.playlistIdInvalid };
  }
  return { id: value };
}
