/** Playlist URL rules of spec section 5. */
import { PLAYLIST_MESSAGES } from "./playlist-messages.ts";

const PLAYLIST_ID = /^(PL|UU|RD)[A-Za-z0-9_-]{16,}$/;

export function isPlaylistId(id: string): boolean {
  return PLAYLIST_ID.test(id);
}

/** Reads the list id from a list= parameter; answers the id or the exact error message. */
export function parsePlaylistUrl(input: string): { id: string } | { error: string } {
  const text = input.trim();
  if (text === "") return { error: PLAYLIST_MESSAGES.playlistUrlRequired };
  const match = /[?&]list=([^&#\s]+)/.exec(text);
  const id = match?.[1];
  return id && isPlaylistId(id) ? { id } : { error: PLAYLIST_MESSAGES.playlistUrlInvalid };
}
