/**
 * The shuffler's state machine (spec section 4): empty → loaded (shuffled) → playing / paused.
 * - The end of a track advances to the next; at the end of the list it loops to the start when Loop is on,
 *   otherwise it stops. Previous from the first track wraps to the last.
 * - Next, Previous and the end of a track are guarded for 1 s against a double advance (YouTube may report
 *   the end twice, or the end arrives just after the listener pressed Next). A press the guard refuses is
 *   counted, so the page can say why nothing happened.
 * - Re-shuffle draws a new order and goes back to track 0. The player starts without autoplay: the first
 *   track is only cued, and every load, a restored session too, starts with Autoplay OFF (the listener turns
 *   it on for this visit). Autoplay decides whether a track that follows the end of another starts by itself.
 * Pure: time comes in with each action. The player follows `command` (cue or load a video).
 */
import type { PlaylistVideo } from "@portfolio/core/domain";
import { shuffleWithSeed } from "./shuffle-plan.ts";

export const ADVANCE_GUARD_MS = 1000;

export interface PlayerCommand {
  videoId: string;
  /** cue: show the video, do not start it; load: start it. */
  mode: "cue" | "load";
  /** Grows with every command, so the same video can be commanded twice (loop over one track). */
  seq: number;
}

export interface ShufflerState {
  status: "empty" | "loaded";
  /** The merged playlists, in playlist order. */
  videos: PlaylistVideo[];
  shuffled: PlaylistVideo[];
  index: number;
  seed: number;
  playlistIds: string[];
  /** What the visitor typed (one URL per line when several playlists are shuffled together). */
  playlistUrl: string;
  loop: boolean;
  autoplay: boolean;
  /** What the player reports. */
  playing: boolean;
  /** The last track ended with Loop off. */
  finished: boolean;
  lastMoveAt: number;
  /** Next or Previous presses the 1 s guard refused (grows with each one; the page answers each). */
  guardedPresses: number;
  command: PlayerCommand | null;
}

export type ShufflerAction =
  | {
      type: "load";
      videos: PlaylistVideo[];
      playlistIds: string[];
      playlistUrl: string;
      seed: number;
      /** A restored session brings its own order and position (never its Autoplay: it starts OFF). */
      shuffled?: PlaylistVideo[];
      index?: number;
      loop?: boolean;
      now: number;
    }
  | { type: "next"; now: number }
  | { type: "previous"; now: number }
  | { type: "ended"; now: number }
  | { type: "unplayable"; videoId: string; now: number }
  | { type: "select"; index: number; now: number }
  | { type: "reshuffle"; seed: number; now: number }
  | { type: "toggleLoop" }
  | { type: "toggleAutoplay" }
  | { type: "playing"; playing: boolean }
  | { type: "clear" };

export const EMPTY_STATE: ShufflerState = {
  status: "empty",
  videos: [],
  shuffled: [],
  index: 0,
  seed: 0,
  playlistIds: [],
  playlistUrl: "",
  loop: false,
  autoplay: false,
  playing: false,
  finished: false,
  lastMoveAt: Number.NEGATIVE_INFINITY,
  guardedPresses: 0,
  command: null,
};

function guarded(state: ShufflerState, now: number): boolean {
  return now - state.lastMoveAt < ADVANCE_GUARD_MS;
}

/** A Next or Previous the guard refuses: no move, but the refusal is counted (the page shows it). */
function refusePress(state: ShufflerState): ShufflerState {
  return { ...state, guardedPresses: state.guardedPresses + 1 };
}

function moveTo(state: ShufflerState, index: number, mode: PlayerCommand["mode"], now: number): ShufflerState {
  const video = state.shuffled[index];
  if (!video) return state;
  return {
    ...state,
    index,
    finished: false,
    lastMoveAt: now,
    command: { videoId: video.id, mode, seq: (state.command?.seq ?? 0) + 1 },
  };
}

/** Where the end of the current track leads: the next index, or null when the list stops here. */
function followingIndex(state: ShufflerState): number | null {
  if (state.index < state.shuffled.length - 1) return state.index + 1;
  return state.loop ? 0 : null;
}

export function shufflerReducer(state: ShufflerState, action: ShufflerAction): ShufflerState {
  switch (action.type) {
    case "load": {
      const shuffled = action.shuffled ?? shuffleWithSeed(action.videos, action.seed);
      if (shuffled.length === 0) return state;
      const index = Math.min(Math.max(0, Math.floor(action.index ?? 0)), shuffled.length - 1);
      const loaded: ShufflerState = {
        ...EMPTY_STATE,
        status: "loaded",
        videos: action.videos,
        shuffled,
        seed: action.seed,
        playlistIds: action.playlistIds,
        playlistUrl: action.playlistUrl,
        loop: action.loop ?? state.loop,
        // The player starts without autoplay (spec section 2), whether the playlist is new or restored.
        autoplay: false,
        command: state.command,
      };
      // The track is cued, not played.
      return moveTo(loaded, index, "cue", action.now);
    }
    case "next": {
      if (state.status !== "loaded") return state;
      const index = followingIndex(state);
      if (index !== null && guarded(state, action.now)) return refusePress(state);
      return index === null ? state : moveTo(state, index, "load", action.now);
    }
    case "previous": {
      if (state.status !== "loaded") return state;
      if (guarded(state, action.now)) return refusePress(state);
      const index = state.index > 0 ? state.index - 1 : state.shuffled.length - 1;
      return moveTo(state, index, "load", action.now);
    }
    case "ended": {
      if (state.status !== "loaded" || guarded(state, action.now)) return state;
      const index = followingIndex(state);
      if (index === null) return { ...state, playing: false, finished: true, lastMoveAt: action.now };
      return moveTo(state, index, state.autoplay ? "load" : "cue", action.now);
    }
    case "unplayable": {
      // YouTube refused this video (removed, or not embeddable): skip it at once, no guard, same intent.
      if (state.status !== "loaded" || state.shuffled[state.index]?.id !== action.videoId) return state;
      const index = followingIndex(state);
      if (index === null) return { ...state, playing: false, finished: true, lastMoveAt: action.now };
      return moveTo(state, index, state.command?.mode ?? "cue", action.now);
    }
    case "select": {
      if (state.status !== "loaded" || action.index < 0 || action.index >= state.shuffled.length) return state;
      return moveTo(state, action.index, "load", action.now);
    }
    case "reshuffle": {
      if (state.status !== "loaded") return state;
      const reshuffled = { ...state, seed: action.seed, shuffled: shuffleWithSeed(state.videos, action.seed) };
      return moveTo(reshuffled, 0, state.playing ? "load" : "cue", action.now);
    }
    case "toggleLoop":
      return { ...state, loop: !state.loop };
    case "toggleAutoplay":
      return { ...state, autoplay: !state.autoplay };
    case "playing":
      return state.playing === action.playing && !(action.playing && state.finished)
        ? state
        : { ...state, playing: action.playing, finished: action.playing ? false : state.finished };
    case "clear":
      return { ...EMPTY_STATE, loop: state.loop, command: null };
  }
}

/** Whether Next can go anywhere from here (it cannot on the last track with Loop off). */
export function canGoNext(state: ShufflerState): boolean {
  return state.status === "loaded" && followingIndex(state) !== null;
}
