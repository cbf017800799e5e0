/**
 * Which videos play, in which order: several playlists merged into one queue (each video once, first
 * playlist first), then shuffled with core's unbiased Fisher-Yates shuffle fed by a seeded random source.
 */
import { type PlaylistVideo, shuffle } from "@portfolio/core/domain";
import { mulberry32 } from "./seeded-random.ts";

export function mergePlaylists(lists: readonly (readonly PlaylistVideo[])[]): PlaylistVideo[] {
  const seen = new Set<string>();
  const merged: PlaylistVideo[] = [];
  for (const list of lists) {
    for (const video of list) {
      if (seen.has(video.id)) continue;
      seen.add(video.id);
      merged.push(video);
    }
  }
  return merged;
}

/** The same videos and seed always give the same order. */
export function shuffleWithSeed<T>(items: readonly T[], seed: number): T[] {
  return shuffle(items, mulberry32(seed));
}
