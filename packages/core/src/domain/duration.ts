/**
 * Video durations: YouTube answers ISO-8601 durations (`PT1H2M3S`, `PT4M5S`, `P1DT2H`, `P0D` for live
 * streams); the shuffler shows them the way YouTube does (`1:02:03`, `4:05`, `0:07`). Browser-safe.
 */

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Whole seconds of an ISO-8601 duration, or null when the text is not one (fractions are cut). */
export function isoDurationToSeconds(iso: string): number | null {
  const match = ISO_DURATION.exec(iso.trim());
  // "P" alone and "PT" with nothing after it are not durations.
  if (!match || /^PT?$/.test(iso.trim()) || iso.trim().endsWith("T")) return null;
  const [, weeks, days, hours, minutes, seconds] = match;
  const n = (part: string | undefined) => (part ? Number(part) : 0);
  return Math.floor(
    n(weeks) * 7 * 86_400 + n(days) * 86_400 + n(hours) * 3_600 + n(minutes) * 60 + Math.floor(n(seconds)),
  );
}

/** `m:ss` under an hour, `h:mm:ss` from an hour on (days count as 24 hours: `26:03:04`). */
export function formatDuration(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(whole / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  const seconds = whole % 60;
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** The display text of an ISO-8601 duration; an empty string when the text is not a duration. */
export function formatIsoDuration(iso: string): string {
  const seconds = isoDurationToSeconds(iso);
  return seconds === null ? "" : formatDuration(seconds);
}
