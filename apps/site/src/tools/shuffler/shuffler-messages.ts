/**
 * The shuffler's own texts. The spec's exact messages (URL checks, 'Failed to fetch playlist data', the
 * availability message) come from @portfolio/core; these are the ones the spec names without wording, or
 * adds nothing about.
 */

/** Spec section 2: the banner after a restore. */
export const RESTORED_MESSAGE = "Playlist restored from your last session! Continue where you left off.";

/** Every entry of the playlist is private or deleted. */
export const NO_PLAYABLE_VIDEOS = "This playlist has no videos that can be played here.";
