/**
 * What the shuffler's availability probe (`tools.playlist` with `test`) means for the page: it works now,
 * it is down for a while, or this site has no shuffler set up at all.
 */
import type { PlaylistAnswer, PlaylistAvailabilityAnswer } from "@portfolio/core/domain";

export type PlaylistAvailability = "available" | "unavailable" | "notSetUp";

/** The probe's answer as the page's state; an answer that is not a probe's counts as unavailable. */
export function playlistAvailability(answer: PlaylistAnswer | PlaylistAvailabilityAnswer): PlaylistAvailability {
  if (!("available" in answer)) return "unavailable";
  if (answer.available) return "available";
  return answer.setUp ? "unavailable" : "notSetUp";
}

/** The videos of a whole playlist's answer (none when the answer is a probe's). */
export function playlistVideos(answer: PlaylistAnswer | PlaylistAvailabilityAnswer): PlaylistAnswer["videos"] {
  return "videos" in answer ? answer.videos : [];
}
