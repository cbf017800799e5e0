/**
 * The Dashboard's visitor analytics as plain data (docs/design.md section 10): the ranges it offers, the UTC
 * days each asks the server for, and the daily table as CSV. The component only shows what this returns.
 */
import type { AnalyticsAnswer } from "@portfolio/core/domain";

export const ANALYTICS_RANGES = [
  { key: "7d", label: "7 days", days: 7 },
  { key: "30d", label: "30 days", days: 30 },
  { key: "90d", label: "90 days", days: 90 },
  { key: "12m", label: "12 months", days: 365 },
] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]["key"];

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The UTC days of a range ending today (both ends counted). */
export function rangeDays(range: AnalyticsRange, now: Date): { from: string; to: string } {
  const days = ANALYTICS_RANGES.find((r) => r.key === range)?.days ?? 30;
  return { from: dayOf(now.getTime() - (days - 1) * DAY_MS), to: dayOf(now.getTime()) };
}

/** The daily table as CSV: a header, then one line per UTC day, oldest first. */
export function dailyCsv(days: AnalyticsAnswer["days"]): string {
  const lines = ["date,pageViews,visitors", ...days.map((d) => `${d.date},${d.pageViews},${d.visitors}`)];
  return lines.map((line) => `${line}\r\n`).join("");
}

export function csvFileName(from: string, to: string): string {
  return `visitors-${from}-to-${to}.csv`;
}
