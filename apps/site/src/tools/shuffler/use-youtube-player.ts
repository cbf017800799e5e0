/**
 * Drives a YouTube IFrame player from the shuffler's commands (cue or load a video) and reports back what
 * the player does: playing or not, a track that ended, a video YouTube refuses to play.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { PlayerCommand } from "./shuffler-state.ts";
import { loadYouTubeIframeApi, PLAYER_STATE, UNPLAYABLE_ERRORS, type YTPlayer } from "./youtube-iframe-api.ts";

export interface YouTubePlayerEvents {
  onPlaying: (playing: boolean) => void;
  onEnded: () => void;
  onUnplayable: (videoId: string) => void;
}

/**
 * The embed address: YouTube's privacy-enhanced host, the JS API on, and no autoplay (the first track is only
 * cued, spec section 2).
 */
export function embedUrl(videoId: string, origin: string): string {
  const params = new URLSearchParams({
    enablejsapi: "1",
    autoplay: "0",
    playsinline: "1",
    rel: "0",
    origin,
  });
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params}`;
}

export interface YouTubePlayerControls {
  status: "loading" | "ready" | "failed";
  play: () => void;
  pause: () => void;
  /** After a failed load: load the player again from the start (the API script is fetched anew). */
  retry: () => void;
}

export function useYouTubePlayer(
  container: RefObject<HTMLDivElement | null>,
  command: PlayerCommand | null,
  events: YouTubePlayerEvents,
): YouTubePlayerControls {
  const [status, setStatus] = useState<YouTubePlayerControls["status"]>("loading");
  /** Grows with each 'Try again': the player is built anew. */
  const [attempt, setAttempt] = useState(0);
  const player = useRef<YTPlayer | null>(null);
  const applied = useRef(0);
  const current = useRef<string | null>(null);
  const latest = useRef({ command, events });
  latest.current = { command, events };
  const runCommand = useRef<(next: PlayerCommand) => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks for a fresh start after a failure.
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    let live = true;
    let created: YTPlayer | null = null;
    // The player's own iframe, made here rather than by the API, so it can carry a referrer policy: the site
    // sends no Referer at all (its token pages must not leak), but YouTube refuses embeds that give no origin.
    // It starts loading at once, in parallel with the API script; the API then attaches to it.
    const first = latest.current.command;
    const frame = document.createElement("iframe");
    frame.src = embedUrl(first?.videoId ?? "", window.location.origin);
    frame.title = "YouTube video player";
    frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.className = "size-full border-0";
    host.replaceChildren(frame);
    current.current = first?.videoId ?? null;
    loadYouTubeIframeApi().then(
      (YT) => {
        if (!live) return;
        created = new YT.Player(frame, {
          events: {
            onReady: () => {
              if (!live) return;
              player.current = created;
              applied.current = first?.seq ?? 0;
              setStatus("ready");
              // A command that came while the player was starting.
              const waiting = latest.current.command;
              if (waiting && waiting.seq !== applied.current) run(created, waiting);
            },
            onStateChange: (event) => {
              if (!live) return;
              const state = event.data;
              if (state === PLAYER_STATE.PLAYING || state === PLAYER_STATE.BUFFERING) {
                latest.current.events.onPlaying(true);
              } else if (state === PLAYER_STATE.PAUSED || state === PLAYER_STATE.CUED) {
                latest.current.events.onPlaying(false);
              } else if (state === PLAYER_STATE.ENDED) {
                latest.current.events.onPlaying(false);
                latest.current.events.onEnded();
              }
            },
            onError: (event) => {
              if (!live || event.data === undefined || !UNPLAYABLE_ERRORS.includes(event.data)) return;
              if (current.current) latest.current.events.onUnplayable(current.current);
            },
          },
        });
      },
      () => {
        if (!live) return;
        // The bare iframe is of no use without the API (and may show the browser's own 'blocked' page): the
        // failure message takes its place, so keyboard users do not tab into it.
        host.replaceChildren();
        setStatus("failed");
      },
    );

    function run(target: YTPlayer | null, next: PlayerCommand) {
      if (!target) return;
      applied.current = next.seq;
      current.current = next.videoId;
      if (next.mode === "load") target.loadVideoById(next.videoId);
      else target.cueVideoById(next.videoId);
    }
    runCommand.current = (next) => run(player.current, next);

    return () => {
      live = false;
      runCommand.current = () => {};
      player.current = null;
      try {
        created?.destroy();
      } catch {
        // the iframe may already be gone
      }
      host.replaceChildren();
    };
  }, [container, attempt]);

  useEffect(() => {
    if (status !== "ready" || !command || command.seq === applied.current) return;
    runCommand.current(command);
  }, [command, status]);

  const play = useCallback(() => player.current?.playVideo(), []);
  const pause = useCallback(() => player.current?.pauseVideo(), []);
  const retry = useCallback(() => {
    setStatus("loading");
    setAttempt((n) => n + 1);
  }, []);
  return { status, play, pause, retry };
}
