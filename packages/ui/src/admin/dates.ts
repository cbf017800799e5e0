/** Dates as the admin panel shows them: 'Member since Nov 21, 2026', '5 minutes ago'. English UI. */
const LOCALE = "en-US";

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? date.toLocaleDateString(LOCALE, { year: "numeric", month: "short", day: "numeric" }) : "Unknown date";
}

export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date
    ? date.toLocaleString(LOCALE, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      })
    : "Unknown time";
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

/** 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago'; older than a week: the date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = valid(iso);
  if (!date) return "Unknown time";
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < 45_000) return "just now";
  if (elapsed >= 7 * 24 * 60 * 60 * 1000) return formatDate(iso);
  const format = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(-1, "minute");
}
