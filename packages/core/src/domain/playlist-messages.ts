/**
 * The playlist URL texts of spec section 5. MESSAGES holds them too; they live here so the playlist shuffler
 * carries these two instead of every form's messages.
 */
export const PLAYLIST_MESSAGES = {
  playlistUrlRequired: "Please enter a playlist URL",
  playlistUrlInvalid: "Invalid YouTube playlist URL. Please make sure you're using a valid playlist link.",
} as const;
