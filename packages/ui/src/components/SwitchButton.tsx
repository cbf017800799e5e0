/**
 * An on/off switch that saves when pressed (the settings' switches): a button with `role="switch"`, its
 * label and explanation given by the caller's ids, `aria-busy` and "Saving…" while the change is on its way.
 */
import { FOCUS_RING } from "./Button.tsx";
import { cx } from "./cx.ts";

export interface SwitchButtonProps {
  on: boolean;
  busy: boolean;
  onPress: () => void;
  labelledBy: string;
  describedBy: string;
  testId: string;
}

export function SwitchButton({ on, busy, onPress, labelledBy, describedBy, testId }: SwitchButtonProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onClick={onPress}
      data-testid={testId}
      className={cx(
        "inline-flex h-10 shrink-0 items-center gap-2 rounded-full px-1.5 pr-3 text-sm font-medium",
        FOCUS_RING,
        busy ? "cursor-progress" : "cursor-pointer",
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          "relative inline-flex h-6 w-11 items-center rounded-full border transition-colors",
          on
            ? "border-indigo-700 bg-indigo-600 dark:border-indigo-400 dark:bg-indigo-500"
            : "border-slate-500 bg-slate-200 dark:border-slate-400 dark:bg-slate-700",
        )}
      >
        <span
          className={cx(
            "inline-block h-4 w-4 rounded-full bg-white shadow transition-transform motion-reduce:transition-none",
            on ? "translate-x-6" : "translate-x-1",
          )}
        />
      </span>
      <span aria-hidden="true" className="text-slate-800 dark:text-slate-100">
        {busy ? "Saving…" : on ? "On" : "Off"}
      </span>
    </button>
  );
}
