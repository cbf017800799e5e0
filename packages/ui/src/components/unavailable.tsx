/**
 * A control the viewer may not use: it stays in the page and focusable, looks unavailable and
 * is announced so (`aria-disabled`, its reason as its description); pressing it shows the reason in an alert
 * right beside it, never a browser `alert()`.
 */
import { cx } from "./cx.ts";

/** What such a control carries: nothing while it is available (`reasonId` undefined). */
export function unavailableProps(reasonId: string | undefined): {
  "aria-disabled"?: true;
  "aria-describedby"?: string;
} {
  return reasonId ? { "aria-disabled": true, "aria-describedby": reasonId } : {};
}

/** The reason, read out as the control's description; on screen only once pressed (RefusalAlert). */
export function UnavailableReason({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} className="sr-only">
      {text}
    </span>
  );
}

/** The reason, shown next to the control that was pressed; announced at once. */
export function RefusalAlert({ text, className }: { text: string; className?: string }) {
  return (
    <p
      role="alert"
      data-testid="permission-alert"
      className={cx(
        "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-left text-sm font-medium text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/60 dark:text-amber-200",
        className,
      )}
    >
      {text}
    </p>
  );
}
