/** The playlist shuffler screen (spec sections 2, 4, 5, 8, 9) and its extras. */
import { YOUTUBE_MESSAGES } from "@portfolio/core/domain";
import { Alert, CloseIcon, cx, FOCUS_RING, ShuffleIcon } from "@portfolio/ui";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { RESTORED_MESSAGE } from "../shuffler-messages.ts";
import { useShuffler } from "../use-shuffler.ts";
import { Features } from "./Features.tsx";
import { NotSetUp } from "./NotSetUp.tsx";
import { PlaylistForm } from "./PlaylistForm.tsx";

// Neither is on the first screen (the form): the player's chunk is fetched as a shuffle starts, the
// loading screen (not in the package index, which would make it a static import) only when a wait lasts.
const loadPlayer = () => import("./LoadedView.tsx");
const LoadedView = lazy(() => loadPlayer().then((module) => ({ default: module.LoadedView })));
const LoadingScreen = lazy(() =>
  import("@portfolio/ui/loading/LoadingScreen.tsx").then((module) => ({ default: module.LoadingScreen })),
);

export function Shuffler() {
  const shuffler = useShuffler();
  const { state, availability, loading, slowLoad, restored } = shuffler;
  const [screen, setScreen] = useState(false);
  useEffect(() => {
    if (loading) loadPlayer().catch(() => undefined); // early only: rendering LoadedView loads it for real
  }, [loading]);
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
          <Suspense fallback={<PlayerPending />}>
            <LoadedView shuffler={shuffler} />
          </Suspense>
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
        <Suspense fallback={null}>
          <LoadingScreen done={!loading} onFinished={() => setScreen(false)} label="Loading the playlist" />
        </Suspense>
      ) : null}
    </div>
  );
}

/** While the player's chunk is on its way (a session restored as the page opens). */
function PlayerPending() {
  return (
    <p className="py-16 text-center text-sm text-slate-600 dark:text-slate-400" role="status">
      Loading the player…
    </p>
  );
}
