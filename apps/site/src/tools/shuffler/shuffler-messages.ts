/**
 * The shuffler's own texts. The spec's exact messages (URL checks, 'Failed to fetch playlist data', the
 * availability message) come from @portfolio/core; these are the ones the spec names without wording, or
 * adds nothing about.
 */

/** Spec section 2: the banner after a restore. */
export const RESTORED_MESSAGE = "Playlist restored from your last session! Continue where you left off.";

/** Every entry of the playlist is private or deleted. */
export const NO_PLAYABLE_VIDEOS = "This playlist has no videos that can be played here.";

/** Next or Previous pressed within 1 s of the last move (spec section 4: the advance guard). */
export const ADVANCE_GUARD_MESSAGE = "The track just changed. Press again in a moment.";

/** The YouTube player script did not load (offline, or a content blocker). */
export const PLAYER_LOAD_FAILED =
  "The YouTube player could not be loaded. Check your connection or content blocker, then try again.";
