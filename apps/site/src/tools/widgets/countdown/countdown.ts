/**
 * Countdown maths. The end is a fixed moment (`to`, ISO 8601), so reloading the OBS source never resets it;
 * a duration (`duration=10m`) counts from when the page opened.
 */

/** Milliseconds of `90`, `90s`, `10m`, `1h30m`, `1h 5m 3s`, `2d`, `5:00`, `1:30:00`; null when not a duration. */
export function parseDuration(text: string | null | undefined): number | null {
  const value = text?.trim().toLowerCase() ?? "";
  if (value === "") return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(value);
  if (clock) {
    const [, h, m, s] = clock;
    if (Number(s) >= 60 || (h !== undefined && Number(m) >= 60)) return null;
    return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000;
  }
  const units = /^(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/.exec(value);
  if (!units || units.slice(1).every((part) => part === undefined)) return null;
  const [, d, h, m, s] = units.map((part) => Number(part ?? 0));
  return ((((d ?? 0) * 24 + (h ?? 0)) * 60 + (m ?? 0)) * 60 + (s ?? 0)) * 1000;
}

/** The moment an ISO 8601 date-time names (with a time zone), or null. */
export function parseEndTime(text: string | null | undefined): number | null {
  if (!text) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text.trim())) return null;
  const ms = Date.parse(text.trim());
  return Number.isFinite(ms) ? ms : null;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** Remaining time in whole seconds, rounded up (the display shows 0:01 until the very end). */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** `4:05`, `12:00`, `1:02:03`, `2d 03:04:05`. */
export function formatCountdown(remainingMs: number): string {
  const { days, hours, minutes, seconds } = countdownParts(remainingMs);
  if (days > 0) return `${days}d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

/** Spoken form for assistive tech: "1 hour, 2 minutes and 3 seconds". */
export function describeCountdown(remainingMs: number): string {
  const { days, hours, minutes, seconds } = countdownParts(remainingMs);
  const parts = [
    [days, "day"],
    [hours, "hour"],
    [minutes, "minute"],
    [seconds, "second"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  if (parts.length === 0) return "0 seconds";
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** How long until the display changes next (just after the next whole second). */
export function msUntilNextTick(remainingMs: number): number {
  if (remainingMs <= 0) return 1000;
  const into = remainingMs % 1000;
  return (into === 0 ? 1000 : into) + 5;
}
