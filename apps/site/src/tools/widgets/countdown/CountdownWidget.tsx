/** The countdown overlay: title, the time left (ticking on whole seconds), then the end text. */
import { cx } from "@portfolio/ui";
import { useEffect, useState } from "react";
import { usePageVisible } from "../page-visibility.ts";
import { describeCountdown, formatCountdown, msUntilNextTick } from "./countdown.ts";
import { type CountdownOptions, resolveEnd } from "./countdown-options.ts";

export default function CountdownWidget({
  options,
  preview = false,
}: {
  options: CountdownOptions;
  preview?: boolean;
}) {
  const [openedAt] = useState(() => Date.now());
  const endsAt = resolveEnd(options, openedAt);
  const [now, setNow] = useState(() => Date.now());
  // Off-scene (a hidden OBS source) it does not tick; shown again, it shows the right time at once.
  const visible = usePageVisible();

  useEffect(() => {
    if (!visible) return;
    let timer = 0;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const remaining = endsAt - at;
      if (remaining > 0) timer = window.setTimeout(tick, msUntilNextTick(remaining));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [endsAt, visible]);

  const remaining = endsAt - now;
  const done = remaining <= 0;
  return (
    <div
      className={cx(
        "widget-text flex flex-col items-center justify-center p-4 text-center",
        preview ? "h-full" : "h-dvh",
      )}
      data-testid="countdown-widget"
      data-done={done}
    >
      {options.title ? (
        <p
          className="font-semibold tracking-wide"
          style={{ fontSize: Math.max(14, options.size * 0.36) }}
          data-testid="countdown-title"
        >
          {options.title}
        </p>
      ) : null}
      {done ? (
        <p
          className="widget-in font-extrabold"
          style={{ fontSize: options.size * 0.8 }}
          role="status"
          data-testid="countdown-end"
        >
          {options.endText}
        </p>
      ) : (
        <p
          role="timer"
          aria-label={`${describeCountdown(remaining)} left`}
          className="font-extrabold tabular-nums leading-none"
          style={{ fontSize: options.size }}
          data-testid="countdown-time"
        >
          {formatCountdown(remaining)}
        </p>
      )}
    </div>
  );
}
