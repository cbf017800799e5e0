import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type AlertTone = "error" | "success" | "info" | "warning";

const TONES: Record<AlertTone, string> = {
  error: "border-red-300 bg-red-50 text-red-800 dark:border-red-800/70 dark:bg-red-950/60 dark:text-red-200",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800/70 dark:bg-emerald-950/60 dark:text-emerald-200",
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800/70 dark:bg-sky-950/60 dark:text-sky-200",
  warning:
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/60 dark:text-amber-200",
};

/** A message box. Errors are announced assertively (role=alert), the rest politely (role=status). */
export function Alert({
  tone,
  children,
  className,
  testId,
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      data-tone={tone}
      className={cx("rounded-lg border px-4 py-3 text-sm font-medium", TONES[tone], className)}
    >
      {children}
    </div>
  );
}
