/**
 * The browser's Media Session: the current track on the lock screen and in the system media panel, and
 * hardware media keys (play/pause, next, previous) wired to the shuffler.
 */
import type { PlaylistVideo } from "@portfolio/core/domain";
import { useEffect, useRef } from "react";

export interface MediaSessionHandlers {
  play: () => void;
  pause: () => void;
  next: () => void;
  previous: () => void;
}

const ACTIONS: ReadonlyArray<[MediaSessionAction, keyof MediaSessionHandlers]> = [
  ["play", "play"],
  ["pause", "pause"],
  ["nexttrack", "next"],
  ["previoustrack", "previous"],
];

function session(): MediaSession | undefined {
  return typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : undefined;
}

export function useMediaSession(video: PlaylistVideo | undefined, playing: boolean, handlers: MediaSessionHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const media = session();
    if (!media) return;
    for (const [action, name] of ACTIONS) {
      try {
        media.setActionHandler(action, () => latest.current[name]());
      } catch {
        // an action this browser does not know
      }
    }
    return () => {
      for (const [action] of ACTIONS) {
        try {
          media.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
      media.metadata = null;
      media.playbackState = "none";
    };
  }, []);

  useEffect(() => {
    const media = session();
    if (!media || typeof MediaMetadata === "undefined") return;
    media.metadata = video
      ? new MediaMetadata({
          title: video.title,
          artist: video.channel,
          album: "Playlist Shuffler",
          artwork: video.thumbnail ? [{ src: video.thumbnail, sizes: "320x180", type: "image/jpeg" }] : [],
        })
      : null;
  }, [video]);

  useEffect(() => {
    const media = session();
    if (media) media.playbackState = playing ? "playing" : "paused";
  }, [playing]);
}
