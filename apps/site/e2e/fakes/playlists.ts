/**
 * The playlists the fake YouTube Data API serves to the browser tests (the global setup registers them, the
 * tests read their contents from here). Ids follow YouTube's rules (PL + 16 or more characters).
 */
import { type FakeVideo, makePlaylist } from "@portfolio/testing/fakes/fake-youtube.ts";

export const PLAYLISTS = {
  /** 12 public videos: "Song 1" … "Song 12". */
  small: "PLe2eShufflerTwelveSongs01",
  /** 130 entries over three pages, every 10th private and every 13th deleted: 108 playable. */
  mixed: "PLe2eShufflerPagedMixed001",
  /** 4 videos of its own plus the first video of `small` (merged queues list it once). */
  second: "PLe2eShufflerSecondList001",
  /** 5,000 videos (YouTube's cap). */
  big: "PLe2eShufflerFiveThousand1",
  /** Only private and deleted entries: nothing playable. */
  unplayable: "PLe2eShufflerAllPrivate001",
  /** Not on the fake: YouTube answers 404 playlistNotFound. */
  missing: "PLe2eShufflerDoesNotExist1",
} as const;

const small = makePlaylist(12, { prefix: "s" });

export const PLAYLIST_CONTENTS: Record<string, FakeVideo[]> = {
  [PLAYLISTS.small]: small,
  [PLAYLISTS.mixed]: makePlaylist(130, { prefix: "m", privateEvery: 10, deletedEvery: 13 }),
  [PLAYLISTS.second]: [
    ...makePlaylist(4, { prefix: "t" }).map((v) => ({ ...v, title: `Second ${v.title}` })),
    small[0] as FakeVideo,
  ],
  [PLAYLISTS.big]: makePlaylist(5000, { prefix: "b" }),
  [PLAYLISTS.unplayable]: [
    { id: "u0000000001", title: "Hidden", channel: "X", duration: "PT1M", status: "private" },
    { id: "u0000000002", title: "Gone", channel: "X", duration: "PT1M", status: "deleted" },
  ],
};

export function playlistUrl(id: string): string {
  return `https://www.youtube.com/playlist?list=${id}`;
}

/** Titles of the playable videos of a fake playlist, in playlist order. */
export function playableTitles(id: string): string[] {
  return (PLAYLIST_CONTENTS[id] ?? []).filter((v) => (v.status ?? "public") === "public").map((v) => v.title);
}
