/**
 * The shuffler's page logic: the availability check, the form, fetching and merging playlists, the state
 * machine, the saved session (restore, 3-day expiry), share links and the loading screen for big loads.
 */
import { YOUTUBE_MESSAGES } from "@portfolio/core/domain";
import { browserStorage, errorMessage, useAuth, useNavigate } from "@portfolio/ui";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { type PlaylistAvailability, playlistAvailability, playlistVideos } from "./playlist-availability.ts";
import { inputsFromPlaylistUrl, playlistUrlOf, readPlaylistInputs } from "./playlist-input.ts";
import { clearSavedPlaylist, loadSavedPlaylist, savePlaylist } from "./playlist-storage.ts";
import { newSeed } from "./seeded-random.ts";
import { buildShareUrl, readShareParams, SHUFFLER_PATH } from "./share-link.ts";
import { mergePlaylists } from "./shuffle-plan.ts";
import { NO_PLAYABLE_VIDEOS } from "./shuffler-messages.ts";
import { EMPTY_STATE, type ShufflerState, shufflerReducer } from "./shuffler-state.ts";

export type Availability = "checking" | PlaylistAvailability;

/** A load still running after this long is a big one: the loading screen takes over. */
export const LOADING_SCREEN_AFTER_MS = 800;
const SAVE_DELAY_MS = 300;

/** Monotonic time for the advance guard (unaffected by clock changes). */
const monotonicNow = () => performance.now();

export function useShuffler() {
  const { api } = useAuth();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(shufflerReducer, EMPTY_STATE);
  const [availability, setAvailability] = useState<Availability>("checking");
  const [inputs, setInputs] = useState<string[]>([""]);
  const [error, setError] = useState<{ message: string; index: number | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [slowLoad, setSlowLoad] = useState(false);
  const [restored, setRestored] = useState(false);
  const request = useRef(0);

  const loadPlaylists = useCallback(
    async (ids: string[], playlistUrl: string, seed: number) => {
      const id = ++request.current;
      setLoading(true);
      setSlowLoad(false);
      setError(null);
      const slow = window.setTimeout(() => request.current === id && setSlowLoad(true), LOADING_SCREEN_AFTER_MS);
      try {
        const answers = await Promise.all(ids.map((playlistId) => api.call("tools.playlist", { playlistId })));
        if (request.current !== id) return;
        const videos = mergePlaylists(answers.map(playlistVideos));
        if (videos.length === 0) {
          setError({ message: NO_PLAYABLE_VIDEOS, index: null });
          return;
        }
        dispatch({ type: "load", videos, playlistIds: ids, playlistUrl, seed, now: monotonicNow() });
        setRestored(false);
      } catch (failure) {
        if (request.current === id)
          setError({ message: errorMessage(failure, YOUTUBE_MESSAGES.fetchFailed), index: null });
      } finally {
        window.clearTimeout(slow);
        if (request.current === id) {
          setLoading(false);
          setSlowLoad(false);
        }
      }
    },
    [api],
  );

  useEffect(() => {
    let live = true;
    // The probe answers 200 either way; a server that cannot be reached counts as unavailable too.
    api.call("tools.playlist", { test: "true" }).then(
      (answer) => live && setAvailability(playlistAvailability(answer)),
      () => live && setAvailability("unavailable"),
    );
    return () => {
      live = false;
    };
  }, [api]);

  // On arrival (once): open a shared link, or restore the last session.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const shared = readShareParams(window.location.search);
    if (shared) {
      const urls = shared.playlistIds.map(playlistUrlOf);
      setInputs(urls);
      void loadPlaylists(shared.playlistIds, urls.join("\n"), shared.seed);
      // The saved session takes over from here on (a reload keeps the position).
      navigate(SHUFFLER_PATH, { replace: true });
      return;
    }
    const saved = loadSavedPlaylist(browserStorage(), Date.now());
    if (!saved) return;
    const parsed = readPlaylistInputs(inputsFromPlaylistUrl(saved.playlistUrl));
    dispatch({
      type: "load",
      videos: saved.videos,
      shuffled: saved.shuffledVideos,
      index: saved.currentIndex,
      seed: saved.seed ?? 0,
      // Without its seed an old record cannot be shared: the link would give another order.
      playlistIds: saved.seed === undefined ? [] : (saved.playlistIds ?? (parsed.ok ? parsed.ids : [])),
      playlistUrl: saved.playlistUrl,
      loop: saved.loop,
      now: monotonicNow(),
    });
    setInputs(inputsFromPlaylistUrl(saved.playlistUrl));
    setRestored(true);
  }, [loadPlaylists, navigate]);

  useSavedSession(state);

  const shuffle = useCallback(() => {
    const parsed = readPlaylistInputs(inputs);
    if (!parsed.ok) {
      setError({ message: parsed.error, index: parsed.index });
      return;
    }
    void loadPlaylists(parsed.ids, parsed.playlistUrl, newSeed());
  }, [inputs, loadPlaylists]);

  const loadDifferent = useCallback(() => {
    request.current++;
    clearSavedPlaylist(browserStorage());
    dispatch({ type: "clear" });
    setInputs([""]);
    setError(null);
    setRestored(false);
    setLoading(false);
    setSlowLoad(false);
  }, []);

  const actions = useMemo(
    () => ({
      next: () => dispatch({ type: "next", now: monotonicNow() }),
      previous: () => dispatch({ type: "previous", now: monotonicNow() }),
      select: (index: number) => dispatch({ type: "select", index, now: monotonicNow() }),
      reshuffle: () => dispatch({ type: "reshuffle", seed: newSeed(), now: monotonicNow() }),
      toggleLoop: () => dispatch({ type: "toggleLoop" }),
      toggleAutoplay: () => dispatch({ type: "toggleAutoplay" }),
      onPlaying: (playing: boolean) => dispatch({ type: "playing", playing }),
      onEnded: () => dispatch({ type: "ended", now: monotonicNow() }),
      onUnplayable: (videoId: string) => dispatch({ type: "unplayable", videoId, now: monotonicNow() }),
    }),
    [],
  );

  const shareUrl =
    state.status === "loaded" && state.playlistIds.length > 0 && typeof window !== "undefined"
      ? buildShareUrl(window.location.origin, { playlistIds: state.playlistIds, seed: state.seed })
      : null;

  return {
    state,
    availability,
    inputs,
    setInputs,
    error,
    clearError: () => setError(null),
    loading,
    slowLoad,
    restored,
    dismissRestored: () => setRestored(false),
    shuffle,
    loadDifferent,
    shareUrl,
    ...actions,
  };
}

export type ShufflerController = ReturnType<typeof useShuffler>;

/** Keeps the session in localStorage (debounced; flushed when the page is hidden). */
function useSavedSession(state: ShufflerState) {
  const { status, videos, shuffled, index, playlistUrl, seed, playlistIds, loop } = state;
  const pendingSave = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (status !== "loaded") {
      pendingSave.current = null;
      return;
    }
    const save = () => {
      pendingSave.current = null;
      savePlaylist(browserStorage(), {
        videos,
        shuffledVideos: shuffled,
        currentIndex: index,
        playlistUrl,
        timestamp: Date.now(),
        seed,
        playlistIds,
        loop,
      });
    };
    pendingSave.current = save;
    const timer = window.setTimeout(save, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, videos, shuffled, index, playlistUrl, seed, playlistIds, loop]);

  useEffect(() => {
    const flush = () => pendingSave.current?.();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);
}
