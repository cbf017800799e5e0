/** Previous, play/pause, next, Loop, Re-shuffle and Autoplay (spec section 2). */
import {
  cx,
  FOCUS_RING,
  PauseIcon,
  PlayIcon,
  RepeatIcon,
  ShuffleIcon,
  SkipBackIcon,
  SkipForwardIcon,
} from "@portfolio/ui";
import type { ReactNode } from "react";

export interface PlayerControlsProps {
  playing: boolean;
  loop: boolean;
  autoplay: boolean;
  canNext: boolean;
  ready: boolean;
  onPrevious: () => void;
  onTogglePlay: () => void;
  onNext: () => void;
  onToggleLoop: () => void;
  onReshuffle: () => void;
  onToggleAutoplay: () => void;
}

function RoundButton({
  label,
  onClick,
  disabled,
  big,
  children,
  shortcut,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  big?: boolean;
  children: ReactNode;
  shortcut: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-keyshortcuts={shortcut}
      title={`${label} (${shortcut === "Space" ? "Space" : shortcut})`}
      className={cx(
        "inline-flex items-center justify-center rounded-full transition disabled:cursor-not-allowed disabled:opacity-40",
        big
          ? "size-14 bg-indigo-600 text-white shadow-lg shadow-indigo-600/30 hover:bg-indigo-700"
          : "size-11 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
        FOCUS_RING,
      )}
    >
      {children}
    </button>
  );
}

/** Loop, Re-shuffle and Autoplay: outlined buttons; a switched-on toggle is filled (classes never compete). */
function toggleClasses(on: boolean): string {
  return cx(
    "inline-flex h-8 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium transition-colors",
    on
      ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700 dark:border-indigo-500 dark:bg-indigo-500 dark:text-white dark:hover:bg-indigo-600"
      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
    FOCUS_RING,
  );
}

export function PlayerControls(props: PlayerControlsProps) {
  const { playing, loop, autoplay, canNext, ready } = props;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:justify-between" data-testid="player-controls">
      <div className="flex items-center gap-2">
        <RoundButton label="Previous track" onClick={props.onPrevious} shortcut="P">
          <SkipBackIcon size={22} />
        </RoundButton>
        <RoundButton
          label={playing ? "Pause" : "Play"}
          onClick={props.onTogglePlay}
          disabled={!ready}
          big
          shortcut="Space"
        >
          {playing ? <PauseIcon size={26} /> : <PlayIcon size={26} />}
        </RoundButton>
        <RoundButton label="Next track" onClick={props.onNext} disabled={!canNext} shortcut="N">
          <SkipForwardIcon size={22} />
        </RoundButton>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <button
          type="button"
          onClick={props.onToggleLoop}
          aria-pressed={loop}
          aria-keyshortcuts="L"
          title="Loop the playlist (L)"
          className={toggleClasses(loop)}
        >
          <RepeatIcon size={16} />
          Loop
        </button>
        <button
          type="button"
          onClick={props.onReshuffle}
          aria-keyshortcuts="R"
          title="Shuffle again and start from the first track (R)"
          className={toggleClasses(false)}
        >
          <ShuffleIcon size={16} />
          Re-shuffle
        </button>
        <button
          type="button"
          onClick={props.onToggleAutoplay}
          aria-pressed={autoplay}
          title="Start the next track by itself when one ends"
          className={toggleClasses(autoplay)}
        >
          {autoplay ? "Autoplay ON" : "Autoplay OFF"}
        </button>
      </div>
    </div>
  );
}
