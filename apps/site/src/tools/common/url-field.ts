/**
 * A read-only field showing a URL to copy (share link, widget URL), sized by the caller's one extra class set.
 * It grows along a row but keeps its own height in a column (a zero flex basis would flatten it there).
 */
import { cx } from "@portfolio/ui";

export function urlFieldClasses(size: "sm" | "md"): string {
  return cx(
    "block w-full min-w-0 grow rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-slate-800 shadow-sm",
    "focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/40",
    "dark:border-slate-600 dark:bg-slate-800/80 dark:text-slate-100",
    size === "sm" ? "h-8 text-xs" : "h-10 text-sm",
  );
}
