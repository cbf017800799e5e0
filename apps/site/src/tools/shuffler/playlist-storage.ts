/**
 * The saved playlist record of spec section 3 (videos, shuffledVideos, currentIndex, playlistUrl, timestamp)
 * in the browser's localStorage, plus the seed, playlist ids and Loop (not Autoplay: every session starts
 * with it OFF). Expires 3 days after it was last saved (spec section 9). Anything unreadable or out of date is
 * removed rather than trusted.
 */
import type { PlaylistVideo } from "@portfolio/core/domain";

export const PLAYLIST_STORAGE_KEY = "shuffledPlaylist";
export const SAVED_PLAYLIST_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export interface SavedPlaylist {
  videos: PlaylistVideo[];
  shuffledVideos: PlaylistVideo[];
  currentIndex: number;
  playlistUrl: string;
  /** When it was saved (ms since 1970). */
  timestamp: number;
  seed?: number;
  playlistIds?: string[];
  loop?: boolean;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Writes the record; false when the browser refused (storage full or disabled). */
export function savePlaylist(storage: Store | undefined, record: SavedPlaylist): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PLAYLIST_STORAGE_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

export function clearSavedPlaylist(storage: Store | undefined): void {
  try {
    storage?.removeItem(PLAYLIST_STORAGE_KEY);
  } catch {
    // storage disabled: nothing to clear
  }
}

/** The saved playlist when there is a readable one younger than 3 days; otherwise null (and it is removed). */
export function loadSavedPlaylist(storage: Store | undefined, now: number): SavedPlaylist | null {
  if (!storage) return null;
  let text: string | null;
  try {
    text = storage.getItem(PLAYLIST_STORAGE_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  const record = readRecord(text);
  if (!record || isExpired(record.timestamp, now)) {
    clearSavedPlaylist(storage);
    return null;
  }
  return record;
}

export function isExpired(timestamp: number, now: number): boolean {
  return now - timestamp >= SAVED_PLAYLIST_TTL_MS;
}

function isVideo(value: unknown): value is PlaylistVideo {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    v.id !== "" &&
    typeof v.title === "string" &&
    typeof v.thumbnail === "string" &&
    typeof v.channel === "string" &&
    typeof v.duration === "string"
  );
}

function videoList(value: unknown): PlaylistVideo[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  for (const item of value) if (!isVideo(item)) return null;
  return value as PlaylistVideo[];
}

function readRecord(text: string): SavedPlaylist | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const r = data as Record<string, unknown>;
  const videos = videoList(r.videos);
  const shuffledVideos = videoList(r.shuffledVideos);
  if (!videos || !shuffledVideos) return null;
  if (typeof r.timestamp !== "number" || !Number.isFinite(r.timestamp)) return null;
  if (typeof r.playlistUrl !== "string") return null;
  const index = typeof r.currentIndex === "number" && Number.isInteger(r.currentIndex) ? r.currentIndex : 0;
  const record: SavedPlaylist = {
    videos,
    shuffledVideos,
    currentIndex: Math.min(Math.max(index, 0), shuffledVideos.length - 1),
    playlistUrl: r.playlistUrl,
    timestamp: r.timestamp,
  };
  if (typeof r.seed === "number" && Number.isInteger(r.seed) && r.seed >= 0 && r.seed <= 0xffff_ffff) {
    record.seed = r.seed;
  }
  if (Array.isArray(r.playlistIds) && r.playlistIds.every((id) => typeof id === "string")) {
    record.playlistIds = r.playlistIds as string[];
  }
  if (typeof r.loop === "boolean") record.loop = r.loop;
  return record;
}
