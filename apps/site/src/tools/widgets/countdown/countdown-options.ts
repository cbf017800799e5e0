/** The countdown's settings in its URL: `?to=2030-01-01T20:00:00Z` (or `?duration=10m`), `title`, `end`, `size`. */
import { isDemo, readInt, readText, setIfNotDefault } from "../params.ts";
import { parseDuration, parseEndTime } from "./countdown.ts";

export interface CountdownOptions {
  /** A fixed end (ms since 1970): reloading never resets it. */
  endsAt: number | null;
  /** Or a duration counted from when the page opened. */
  durationMs: number | null;
  title: string;
  endText: string;
  /** Font size of the digits, px. */
  size: number;
  demo: boolean;
}

export const COUNTDOWN_DEFAULTS: CountdownOptions = {
  endsAt: null,
  durationMs: null,
  title: "Starting soon",
  endText: "Starting now!",
  size: 72,
  demo: false,
};

export const COUNTDOWN_SIZE = { min: 16, max: 240 } as const;
/** Demo mode counts down this long, then shows the end text. */
export const DEMO_COUNTDOWN_MS = 5 * 60_000;

export function readCountdownOptions(params: URLSearchParams): CountdownOptions {
  return {
    endsAt: parseEndTime(params.get("to")),
    durationMs: parseDuration(params.get("duration")),
    title: readText(params, "title", COUNTDOWN_DEFAULTS.title),
    endText: readText(params, "end", COUNTDOWN_DEFAULTS.endText),
    size: readInt(params, "size", { fallback: COUNTDOWN_DEFAULTS.size, ...COUNTDOWN_SIZE }),
    demo: isDemo(params),
  };
}

export function countdownOptionsToParams(options: CountdownOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (options.endsAt !== null) params.set("to", new Date(options.endsAt).toISOString().replace(".000Z", "Z"));
  else if (options.durationMs !== null) params.set("duration", `${Math.round(options.durationMs / 1000)}s`);
  setIfNotDefault(params, "title", options.title, COUNTDOWN_DEFAULTS.title);
  setIfNotDefault(params, "end", options.endText, COUNTDOWN_DEFAULTS.endText);
  setIfNotDefault(params, "size", options.size, COUNTDOWN_DEFAULTS.size);
  if (options.demo) params.set("demo", "1");
  return params;
}

export function countdownIsConfigured(options: CountdownOptions): boolean {
  return options.endsAt !== null || options.durationMs !== null || options.demo;
}

/** When this countdown ends, given when the page opened. */
export function resolveEnd(options: CountdownOptions, openedAt: number): number {
  if (options.endsAt !== null) return options.endsAt;
  if (options.durationMs !== null) return openedAt + options.durationMs;
  return openedAt + DEMO_COUNTDOWN_MS;
}
