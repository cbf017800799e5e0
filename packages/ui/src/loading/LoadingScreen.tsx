import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "../components/Button.tsx";
import {
  LOADING_MESSAGE_MS,
  LOADING_MESSAGES,
  LOADING_SKIP_AFTER_MS,
  LOADING_TICK_MS,
  nextMessageIndex,
  nextProgress,
  remainingMinimum,
} from "./loading-progress.ts";

export interface LoadingScreenProps {
  /** True once the awaited work is finished: progress jumps to 100 %. */
  done: boolean;
  /** Called when the screen may go: after `done` and the minimum display time, or on Skip. */
  onFinished: () => void;
  label?: string;
}

/**
 * Full-screen loading screen of spec section 9: progress climbs randomly to 95 %, jumps to 100 % when the
 * work is done, stays at least 2000 ms, offers Skip after 3000 ms, and rotates 20 messages.
 */
export function LoadingScreen({ done, onFinished, label = "Loading" }: LoadingScreenProps) {
  const [progress, setProgress] = useState(0);
  const [messageIndex, setMessageIndex] = useState(() => Math.floor(Math.random() * LOADING_MESSAGES.length));
  const [skippable, setSkippable] = useState(false);
  const startedAt = useRef(Date.now());
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    if (done) return;
    const tick = setInterval(() => setProgress((p) => nextProgress(p, Math.random())), LOADING_TICK_MS);
    return () => clearInterval(tick);
  }, [done]);

  useEffect(() => {
    const rotate = setInterval(() => setMessageIndex((i) => nextMessageIndex(i, Math.random())), LOADING_MESSAGE_MS);
    const skip = setTimeout(() => setSkippable(true), LOADING_SKIP_AFTER_MS);
    return () => {
      clearInterval(rotate);
      clearTimeout(skip);
    };
  }, []);

  useEffect(() => {
    if (!done) return;
    setProgress(100);
    const wait = Math.max(250, remainingMinimum(Date.now() - startedAt.current));
    const timer = setTimeout(() => finished.current(), wait);
    return () => clearTimeout(timer);
  }, [done]);

  const shown = Math.round(progress);
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-white px-6 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
      data-testid="loading-screen"
    >
      <div className="w-full max-w-sm text-center">
        <div className="mx-auto mb-8 size-14 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 dark:border-indigo-900 dark:border-t-indigo-400" />
        <p className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</p>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-indigo-500 to-fuchsia-500 transition-[width] duration-200"
            style={{ width: `${progress}%` }}
          />
        </div>
        <p className="mt-2 text-sm tabular-nums text-slate-600 dark:text-slate-400" data-testid="loading-percent">
          {shown}%
        </p>
        <p className="mt-6 min-h-12 text-base text-slate-700 dark:text-slate-300" aria-live="polite">
          {LOADING_MESSAGES[messageIndex]}
        </p>
        <div className="mt-4 h-10">
          {skippable ? (
            <button type="button" onClick={() => finished.current()} className={buttonClasses("secondary", "md")}>
              Skip
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
