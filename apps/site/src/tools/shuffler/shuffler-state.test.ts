import type { PlaylistVideo } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { shuffleWithSeed } from "./shuffle-plan.ts";
import {
  ADVANCE_GUARD_MS,
  canGoNext,
  EMPTY_STATE,
  type ShufflerAction,
  type ShufflerState,
  shufflerReducer,
} from "./shuffler-state.ts";

const videos: PlaylistVideo[] = Array.from({ length: 4 }, (_, i) => ({
  id: `vid${i}`,
  title: `Song ${i}`,
  thumbnail: "",
  channel: "Band",
  duration: "3:00",
}));

function run(state: ShufflerState, ...actions: ShufflerAction[]): ShufflerState {
  return actions.reduce(shufflerReducer, state);
}

const loaded = (extra: Partial<Extract<ShufflerAction, { type: "load" }>> = {}) =>
  run(EMPTY_STATE, {
    type: "load",
    videos,
    playlistIds: ["PLx"],
    playlistUrl: "https://youtube.com/playlist?list=PLx",
    seed: 5,
    now: 0,
    ...extra,
  });

// Far enough apart that the 1 s guard never interferes.
let clock = 10_000;
const later = () => {
  clock += ADVANCE_GUARD_MS + 1;
  return clock;
};

describe("loading", () => {
  it("shuffles by the seed and cues (does not play) the first track", () => {
    const state = loaded();
    expect(state.status).toBe("loaded");
    expect(state.shuffled).toEqual(shuffleWithSeed(videos, 5));
    expect(state.index).toBe(0);
    expect(state.command).toMatchObject({ videoId: state.shuffled[0]?.id, mode: "cue" });
    expect(state.autoplay).toBe(false);
  });

  it("takes a restored order and position as they are, clamping a bad index", () => {
    const order = [...videos].reverse();
    expect(loaded({ shuffled: order, index: 2 })).toMatchObject({ shuffled: order, index: 2 });
    expect(loaded({ shuffled: order, index: 99 }).index).toBe(3);
    expect(loaded({ videos: [], shuffled: [] })).toBe(EMPTY_STATE);
  });
});

describe("Autoplay at the start (spec: the player starts without autoplay)", () => {
  it("a restored session keeps its order and position but starts with Autoplay OFF", () => {
    const order = [...videos].reverse();
    const before = run(loaded(), { type: "toggleAutoplay" });
    expect(before.autoplay).toBe(true);
    const restored = run(before, {
      type: "load",
      videos,
      shuffled: order,
      index: 2,
      playlistIds: ["PLx"],
      playlistUrl: "https://youtube.com/playlist?list=PLx",
      seed: 5,
      now: later(),
    });
    expect(restored).toMatchObject({ shuffled: order, index: 2, autoplay: false });
    expect(restored.command?.mode).toBe("cue");
  });

  it("a new playlist after Load Different starts with Autoplay OFF too, and keeps Loop", () => {
    const before = run(loaded(), { type: "toggleAutoplay" }, { type: "toggleLoop" }, { type: "clear" });
    const next = run(before, {
      type: "load",
      videos,
      playlistIds: ["PLy"],
      playlistUrl: "https://youtube.com/playlist?list=PLy",
      seed: 9,
      now: later(),
    });
    expect(next).toMatchObject({ autoplay: false, loop: true });
  });
});

describe("moving through the list", () => {
  it("Next plays the following track; Previous from the first wraps to the last", () => {
    let state = loaded();
    state = run(state, { type: "next", now: later() });
    expect(state.index).toBe(1);
    expect(state.command?.mode).toBe("load");
    state = run(state, { type: "previous", now: later() }, { type: "previous", now: later() });
    expect(state.index).toBe(3);
  });

  it("the end of a track advances, cueing without autoplay and playing with it", () => {
    let state = run(loaded(), { type: "ended", now: later() });
    expect(state.index).toBe(1);
    expect(state.command?.mode).toBe("cue");
    state = run(state, { type: "toggleAutoplay" }, { type: "ended", now: later() });
    expect(state.index).toBe(2);
    expect(state.command?.mode).toBe("load");
  });

  it("at the end of the list: stops without Loop, starts over with Loop", () => {
    let state = loaded({ index: 3 });
    expect(canGoNext(state)).toBe(false);
    state = run(state, { type: "playing", playing: true }, { type: "ended", now: later() });
    expect(state).toMatchObject({ index: 3, finished: true, playing: false });
    expect(run(state, { type: "next", now: later() }).index).toBe(3);

    state = run(loaded({ index: 3 }), { type: "toggleLoop" });
    expect(canGoNext(state)).toBe(true);
    state = run(state, { type: "ended", now: later() });
    expect(state.index).toBe(0);
    expect(state.finished).toBe(false);
    expect(run(loaded({ index: 3, loop: true }), { type: "next", now: later() }).index).toBe(0);
  });

  it("ignores a second advance within 1 s, whatever caused it", () => {
    const start = later();
    let state = run(loaded(), { type: "ended", now: start }, { type: "ended", now: start + 10 });
    expect(state.index).toBe(1);
    state = run(state, { type: "next", now: start + 500 }, { type: "previous", now: start + 999 });
    expect(state.index).toBe(1);
    state = run(state, { type: "next", now: start + ADVANCE_GUARD_MS });
    expect(state.index).toBe(2);
  });

  it("counts each Next or Previous the guard refuses, so the page can answer it; a repeated end is not a press", () => {
    const start = later();
    let state = run(loaded(), { type: "next", now: start });
    expect(state.guardedPresses).toBe(0);
    state = run(state, { type: "next", now: start + 300 });
    expect(state).toMatchObject({ index: 1, guardedPresses: 1 });
    state = run(state, { type: "previous", now: start + 600 });
    expect(state).toMatchObject({ index: 1, guardedPresses: 2 });
    state = run(state, { type: "ended", now: start + 700 });
    expect(state).toMatchObject({ index: 1, guardedPresses: 2 });
    state = run(state, { type: "next", now: start + ADVANCE_GUARD_MS });
    expect(state).toMatchObject({ index: 2, guardedPresses: 2 });
  });

  it("picking a track plays it at once, and guards the end event that may follow", () => {
    const at = later();
    let state = run(loaded(), { type: "select", index: 2, now: at });
    expect(state).toMatchObject({ index: 2, command: { mode: "load" } });
    state = run(state, { type: "ended", now: at + 100 });
    expect(state.index).toBe(2);
    expect(run(state, { type: "select", index: 9, now: later() }).index).toBe(2);
  });

  it("skips a video YouTube refuses, without waiting for the guard", () => {
    const at = later();
    let state = run(loaded(), { type: "next", now: at });
    const refused = state.shuffled[1]?.id ?? "";
    state = run(state, { type: "unplayable", videoId: refused, now: at + 50 });
    expect(state.index).toBe(2);
    expect(state.command?.mode).toBe("load");
    // A late error about a video that is no longer current changes nothing.
    expect(run(state, { type: "unplayable", videoId: refused, now: at + 60 }).index).toBe(2);
  });

  it("gives each command a new number, even for the same video", () => {
    let state = loaded({ videos: videos.slice(0, 1), loop: true });
    const first = state.command?.seq ?? 0;
    state = run(state, { type: "next", now: later() });
    expect(state.command?.videoId).toBe("vid0");
    expect(state.command?.seq).toBe(first + 1);
  });
});

describe("re-shuffle, toggles and clearing", () => {
  it("re-shuffle draws a new order and goes back to track 0", () => {
    let state = run(loaded(), { type: "select", index: 3, now: later() });
    state = run(state, { type: "reshuffle", seed: 77, now: later() });
    expect(state.index).toBe(0);
    expect(state.seed).toBe(77);
    expect(state.shuffled).toEqual(shuffleWithSeed(videos, 77));
    expect(state.command?.mode).toBe("cue");
    state = run(state, { type: "playing", playing: true }, { type: "reshuffle", seed: 78, now: later() });
    expect(state.command?.mode).toBe("load");
  });

  it("follows the player's playing and paused reports", () => {
    let state = run(loaded(), { type: "playing", playing: true });
    expect(state.playing).toBe(true);
    state = run(state, { type: "playing", playing: false });
    expect(state.playing).toBe(false);
  });

  it("Load Different Playlist empties everything but the listener's toggles", () => {
    const state = run(loaded(), { type: "toggleLoop" }, { type: "clear" });
    expect(state).toEqual({ ...EMPTY_STATE, loop: true });
  });

  it("does nothing to an empty shuffler", () => {
    for (const action of [
      { type: "next", now: 1 },
      { type: "previous", now: 1 },
      { type: "ended", now: 1 },
      { type: "select", index: 0, now: 1 },
      { type: "reshuffle", seed: 1, now: 1 },
    ] as const) {
      expect(shufflerReducer(EMPTY_STATE, action)).toBe(EMPTY_STATE);
    }
  });
});
