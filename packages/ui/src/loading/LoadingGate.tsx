/**
 * Shows `children` once `done`, and the loading screen of spec section 9 only when the wait really lasts:
 * a quick load shows nothing in between (no forced 2-second screen on every visit), a load longer than
 * LOADING_SHOW_AFTER_MS shows the screen, with its minimum time and Skip, until it finishes.
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { LoadingScreenProps } from "./LoadingScreen.tsx";
import { LOADING_SHOW_AFTER_MS, showsLoadingScreen } from "./show-after.ts";

// The screen shows only after a wait that lasts: its code is fetched when such a wait starts, not with the page.
const loadScreen = () => import("./LoadingScreen.tsx").then((module) => ({ default: module.LoadingScreen }));
const LoadingScreen = lazy(() => loadScreen().catch(() => ({ default: WithoutScreen })));

type Phase = "quiet" | "screen" | "over";

export interface LoadingGateProps {
  done: boolean;
  label: string;
  children: ReactNode;
  showAfterMs?: number;
}

export function LoadingGate({ done, label, children, showAfterMs = LOADING_SHOW_AFTER_MS }: LoadingGateProps) {
  const [phase, setPhase] = useState<Phase>(done ? "over" : "quiet");

  useEffect(() => {
    if (phase !== "quiet") return;
    if (done) {
      setPhase("over");
      return;
    }
    loadScreen().catch(() => {
      // Rendering the screen tries again, and without it the wait stays quiet (WithoutScreen).
    });
    const startedAt = Date.now();
    const timer = setTimeout(() => {
      if (showsLoadingScreen(Date.now() - startedAt, false, showAfterMs)) setPhase("screen");
    }, showAfterMs);
    return () => clearTimeout(timer);
  }, [phase, done, showAfterMs]);

  if (phase === "over" || (phase === "quiet" && done)) return <>{children}</>;
  if (phase === "screen")
    return (
      <Suspense fallback={<QuietWait label={label} />}>
        <LoadingScreen done={done} onFinished={() => setPhase("over")} label={label} />
      </Suspense>
    );
  return <QuietWait label={label} />;
}

/** The quiet wait: the page's own background, nothing that could flash, and a status for screen readers. */
function QuietWait({ label }: { label?: string }) {
  return (
    <div className="min-h-dvh" role="status" aria-busy="true" data-testid="loading-quiet">
      <span className="sr-only">{label}…</span>
    </div>
  );
}

/** When the screen's code cannot be fetched (offline): the wait stays quiet and ends when the work is done. */
function WithoutScreen({ done, onFinished, label }: LoadingScreenProps) {
  useEffect(() => {
    if (done) onFinished();
  }, [done, onFinished]);
  return <QuietWait label={label} />;
}
