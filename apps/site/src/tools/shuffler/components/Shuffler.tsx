/** The playlist shuffler screen (spec sections 2, 4, 5, 8, 9) and its extras. */
import { YOUTUBE_MESSAGES } from "@portfolio/core/domain";
import { Alert, Button, CloseIcon, cx, FOCUS_RING, ShuffleIcon } from "@portfolio/ui";
// Not in the package index: the index would make it a static import everywhere, while LoadingGate and
// lazy-page.tsx fetch it only when a wait lasts.
import { LoadingScreen } from "@portfolio/ui/loading/LoadingScreen.tsx";
import { useEffect, useRef, useState } from "react";
import { RESTORED_MESSAGE } from "../shuffler-messages.ts";
import { canGoNext } from "../shuffler-state.ts";
import { useMediaSession } from "../use-media-session.ts";
import { useShortcuts } from "../use-shortcuts.ts";
import { type ShufflerController, useShuffler } from "../use-shuffler.ts";
import { useYouTubePlayer } from "../use-youtube-player.ts";
import { AdvanceGuardNotice } from "./AdvanceGuardNotice.tsx";
import { Features } from "./Features.tsx";
import { NotSetUp } from "./NotSetUp.tsx";
import { NowPlaying } from "./NowPlaying.tsx";
import { PlayerControls } from "./PlayerControls.tsx";
import { PlayerLoadFailed } from "./PlayerLoadFailed.tsx";
import { PlaylistForm } from "./PlaylistForm.tsx";
import { QueueList } from "./QueueList.tsx";
import { SharePanel, ShortcutHelp } from "./SharePanel.tsx";

export function Shuffler() {
  const shuffler = useShuffler();
  const { state, availability, loading, slowLoad, restored } = shuffler;
  const [screen, setScreen] = useState(false);
  useEffect(() => {
    if (slowLoad) setScreen(true);
  }, [slowLoad]);
  const formRef = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the new content: the current track, or the empty form again.
  const previous = useRef(state.status);
  useEffect(() => {
    if (previous.current === "loaded" && state.status === "empty") {
      formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
    }
    previous.current = state.status;
  }, [state.status]);

  return (
    <div data-testid="playlist-shuffler">
      <header className="mb-8 text-center">
        <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <ShuffleIcon size={28} />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Playlist Shuffler
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-600 dark:text-slate-400">
          A true shuffle of a whole YouTube playlist, up to 5,000 videos, not just the first 200.
        </p>
      </header>

      <div className="space-y-4">
        {restored ? (
          <Alert tone="success" testId="restored-banner" className="flex items-start justify-between gap-3">
            <span>{RESTORED_MESSAGE}</span>
            <button
              type="button"
              onClick={shuffler.dismissRestored}
              aria-label="Dismiss"
              className={cx("-m-1 rounded p-1 opacity-80 hover:opacity-100", FOCUS_RING)}
            >
              <CloseIcon size={16} />
            </button>
          </Alert>
        ) : null}

        {state.status === "loaded" ? (
          <LoadedView shuffler={shuffler} />
        ) : (
          <div ref={formRef} className="space-y-4">
            <PlaylistForm
              inputs={shuffler.inputs}
              onInputsChange={(next) => {
                shuffler.setInputs(next);
                if (shuffler.error) shuffler.clearError();
              }}
              onShuffle={shuffler.shuffle}
              availability={availability}
              loading={loading}
              error={shuffler.error}
            />
            {/* Under its disabled button, which it explains: the probe's late answer moves nothing above. */}
            {availability === "unavailable" ? (
              <Alert tone="error" testId="api-unavailable">
                {YOUTUBE_MESSAGES.unavailable}
              </Alert>
            ) : null}
            {availability === "notSetUp" ? <NotSetUp /> : null}
            <Features />
          </div>
        )}
      </div>

      {screen ? (
        <LoadingScreen done={!loading} onFinished={() => setScreen(false)} label="Loading the playlist" />
      ) : null}
    </div>
  );
}

function LoadedView({ shuffler }: { shuffler: ShufflerController }) {
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
