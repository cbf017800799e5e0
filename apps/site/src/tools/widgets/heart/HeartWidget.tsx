/** The heart-rate overlay: a heart beating at the live rate, the number, and 'signal lost' when readings stop. */
import { cx } from "@portfolio/ui";
import type { HeartOptions } from "./heart-options.ts";
import { beatMs } from "./heart-rate.ts";
import { useHeartRate } from "./use-heart-rate.ts";

const HEART_PATH =
  "M12 21.35 10.55 20.03C5.4 15.36 2 12.27 2 8.5 2 5.41 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.08C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.41 22 8.5c0 3.77-3.4 6.86-8.55 11.53L12 21.35Z";

export default function HeartWidget({ options, preview = false }: { options: HeartOptions; preview?: boolean }) {
  const { bpm, signal, visible } = useHeartRate(options);
  const live = signal === "live" && bpm !== null;
  const note = signal === "lost" ? "Signal lost" : signal === "waiting" ? "Waiting for heart rate…" : null;
  return (
    <div
      className={cx(
        "widget-text flex items-center justify-center gap-[0.35em] p-3",
        preview ? "h-full" : "h-dvh",
        !visible && "widget-paused",
      )}
      style={{ fontSize: options.size }}
      data-testid="heart-widget"
      data-signal={signal}
      data-paused={!visible}
    >
      <svg
        viewBox="0 0 24 24"
        className={cx("size-[1em] shrink-0 drop-shadow", live ? "widget-heartbeat" : "opacity-60")}
        style={live ? { animationDuration: `${beatMs(bpm)}ms` } : undefined}
        aria-hidden="true"
        focusable="false"
        data-testid="heart-icon"
      >
        <path d={HEART_PATH} fill={live ? "#EF4444" : "#94A3B8"} />
      </svg>
      <div className="leading-none">
        <p className="font-extrabold tabular-nums" aria-live="off">
          <span data-testid="heart-bpm">{live ? bpm : "--"}</span>
          <span className="ml-[0.2em] text-[0.4em] font-bold">{options.label}</span>
        </p>
        {note ? (
          <p className="mt-[0.15em] text-[0.3em] font-semibold" role="status" data-testid="heart-note">
            {note}
          </p>
        ) : null}
      </div>
    </div>
  );
}
