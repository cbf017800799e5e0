/**
 * The shuffler once a playlist is loaded: the YouTube player, its controls, the track playing, the share
 * link and the queue. A chunk of its own (Shuffler.tsx loads it as a shuffle starts): the page's first
 * screen is the form, and none of this is on it.
 */
import { Button } from "@portfolio/ui";
import { useEffect, useRef } from "react";
import { canGoNext } from "../shuffler-state.ts";
import { useMediaSession } from "../use-media-session.ts";
import { useShortcuts } from "../use-shortcuts.ts";
import type { ShufflerController } from "../use-shuffler.ts";
import { useYouTubePlayer } from "../use-youtube-player.ts";
import { AdvanceGuardNotice } from "./AdvanceGuardNotice.tsx";
import { NowPlaying } from "./NowPlaying.tsx";
import { PlayerControls } from "./PlayerControls.tsx";
import { PlayerLoadFailed } from "./PlayerLoadFailed.tsx";
import { QueueList } from "./QueueList.tsx";
import { SharePanel, ShortcutHelp } from "./SharePanel.tsx";

export function LoadedView({ shuffler }: { shuffler: ShufflerController }) {
  const { state } = shuffler;
  const container = useRef<HTMLDivElement>(null);
  const player = useYouTubePlayer(container, state.command, {
    onPlaying: shuffler.onPlaying,
    onEnded: shuffler.onEnded,
    onUnplayable: shuffler.onUnplayable,
  });
  const current = state.shuffled[state.index];
  const nowPlaying = useRef<HTMLElement>(null);
  // A freshly loaded playlist takes the focus (the Shuffle button that had it is gone).
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) nowPlaying.current?.focus();
  }, []);
  const togglePlay = () => (state.playing ? player.pause() : player.play());
  // 'Try again' goes away as it is pressed: the focus moves to the current track rather than being lost.
  const retryPlayer = () => {
    player.retry();
    nowPlaying.current?.focus({ preventScroll: true });
  };

  useShortcuts(true, {
    togglePlay,
    next: shuffler.next,
    previous: shuffler.previous,
    toggleLoop: shuffler.toggleLoop,
    reshuffle: shuffler.reshuffle,
  });
  useMediaSession(current, state.playing, {
    play: player.play,
    pause: player.pause,
    next: shuffler.next,
    previous: shuffler.previous,
  });

  return (
    <div className="grid gap-4 lg:grid-cols-5">
      <div className="space-y-4 lg:col-span-3">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="relative aspect-video bg-slate-950">
            <div ref={container} className="absolute inset-0" data-testid="youtube-player" />
            {player.status === "loading" ? (
              <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-300" role="status">
                Loading the YouTube player…
              </p>
            ) : null}
            {player.status === "failed" ? <PlayerLoadFailed onRetry={retryPlayer} /> : null}
            <AdvanceGuardNotice presses={state.guardedPresses} />
          </div>
          <div className="p-4">
            <PlayerControls
              playing={state.playing}
              loop={state.loop}
              autoplay={state.autoplay}
              canNext={canGoNext(state)}
              ready={player.status === "ready"}
              onPrevious={shuffler.previous}
              onTogglePlay={togglePlay}
              onNext={shuffler.next}
              onToggleLoop={shuffler.toggleLoop}
              onReshuffle={shuffler.reshuffle}
              onToggleAutoplay={shuffler.toggleAutoplay}
            />
          </div>
        </div>
        {current ? (
          <NowPlaying
            ref={nowPlaying}
            video={current}
            index={state.index}
            total={state.shuffled.length}
            finished={state.finished}
            loop={state.loop}
          />
        ) : null}
        {shuffler.shareUrl ? <SharePanel url={shuffler.shareUrl} /> : null}
      </div>
      <div className="space-y-4 lg:col-span-2">
        <QueueList videos={state.shuffled} currentIndex={state.index} onSelect={shuffler.select} />
        <ShortcutHelp />
        <Button variant="secondary" className="w-full" onClick={shuffler.loadDifferent}>
          Load Different Playlist
        </Button>
      </div>
    </div>
  );
}
