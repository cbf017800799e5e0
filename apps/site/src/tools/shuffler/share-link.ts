/**
 * The shareable link: the playlist ids and the shuffle seed in the URL
 * (`/playlist-shuffler?list=PL…,PL…&seed=1x2y3z`). Whoever opens it gets the same order, as long as the
 * playlists have not changed since.
 */
import { isPlaylistId, PLAYLIST_ID_MAX_LENGTH } from "@portfolio/core/domain";
import { MAX_PLAYLISTS } from "./playlist-input.ts";
import { decodeSeed, encodeSeed } from "./seeded-random.ts";

export const SHUFFLER_PATH = "/playlist-shuffler";

export interface ShareParams {
  playlistIds: string[];
  seed: number;
}

export function buildShareUrl(origin: string, params: ShareParams): string {
  const url = new URL(SHUFFLER_PATH, origin);
  // Ids are letters, digits, '_' and '-': the comma list needs no escaping and stays readable.
  url.search = `list=${params.playlistIds.join(",")}&seed=${encodeSeed(params.seed)}`;
  return url.href;
}

/** The shared playlists and seed in a query string, or null when it does not carry a valid pair. */
export function readShareParams(search: string): ShareParams | null {
  const query = new URLSearchParams(search);
  const list = query.get("list");
  const seed = decodeSeed(query.get("seed"));
  if (!list || seed === null) return null;
  const ids = [...new Set(list.split(",").map((id) => id.trim()))];
  if (ids.length === 0 || ids.length > MAX_PLAYLISTS) return null;
  if (!ids.every((id) => id.length <= PLAYLIST_ID_MAX_LENGTH && isPlaylistId(id))) return null;
  return { playlistIds: ids, seed };
}
