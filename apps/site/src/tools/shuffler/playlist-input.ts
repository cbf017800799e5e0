/**
 * The shuffler's form: one or more playlist URLs (several are shuffled together into one queue). Each URL
 * is checked with the rules and exact messages of spec section 5.
 */
import { PLAYLIST_MESSAGES, parsePlaylistUrl } from "@portfolio/core/domain";

export const MAX_PLAYLISTS = 10;

export type PlaylistInputResult =
  | { ok: true; ids: string[]; playlistUrl: string }
  | { ok: false; error: string /** Which input to mark invalid. */; index: number };

export function readPlaylistInputs(inputs: readonly string[]): PlaylistInputResult {
  const filled = inputs.map((text, index) => ({ text: text.trim(), index })).filter((entry) => entry.text !== "");
  if (filled.length === 0) return { ok: false, error: PLAYLIST_MESSAGES.playlistUrlRequired, index: 0 };
  const ids: string[] = [];
  for (const { text, index } of filled) {
    const parsed = parsePlaylistUrl(text);
    if ("error" in parsed) return { ok: false, error: parsed.error, index };
    if (!ids.includes(parsed.id)) ids.push(parsed.id);
  }
  return { ok: true, ids: ids.slice(0, MAX_PLAYLISTS), playlistUrl: filled.map((entry) => entry.text).join("\n") };
}

/** The inputs to show again for a saved `playlistUrl` (one URL per line). */
export function inputsFromPlaylistUrl(playlistUrl: string): string[] {
  const lines = playlistUrl
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length > 0 ? lines.slice(0, MAX_PLAYLISTS) : [""];
}

/** A canonical URL for a playlist id (what a shared link fills the form with). */
export function playlistUrlOf(id: string): string {
  return `https://www.youtube.com/playlist?list=${id}`;
}
