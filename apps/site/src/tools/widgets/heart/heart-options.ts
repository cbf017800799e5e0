/**
 * The heart-rate widget's settings in its URL: `token` (the Pulsoid access token), `url` (the feed's
 * address: Pulsoid's wss:// host, or a socket on this machine), `lost` (seconds without a reading before 'signal
 * lost'), `size`, `label`.
 */
import { loopbackSocketUrl } from "../../common/loopback.ts";
import { isDemo, readInt, readText, setIfNotDefault } from "../params.ts";
import { PULSOID_REALTIME_URL } from "./heart-rate.ts";

export interface HeartOptions {
  token: string;
  url: string;
  lostAfterSeconds: number;
  size: number;
  label: string;
  demo: boolean;
}

export const HEART_DEFAULTS: HeartOptions = {
  token: "",
  url: PULSOID_REALTIME_URL,
  lostAfterSeconds: 10,
  size: 64,
  label: "BPM",
  demo: false,
};

export const HEART_LIMITS = { lostAfterSeconds: { min: 3, max: 300 }, size: { min: 16, max: 240 } } as const;

/**
 * A feed address the widget may use: on Pulsoid's host (the one the site's CSP lets pages reach, so a
 * streamer's token never goes anywhere else), or on this machine for trying a local source.
 */
export function feedUrl(value: string | null): string | null {
  if (!value) return null;
  const loopback = loopbackSocketUrl(value);
  if (loopback) return loopback.href;
  try {
    const url = new URL(value);
    const pulsoid = new URL(PULSOID_REALTIME_URL);
    return url.protocol === "wss:" && url.host === pulsoid.host && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** A Pulsoid access token as it may stand in a URL (anything else is ignored, never sent). */
export function isPulsoidToken(value: string): boolean {
  return /^[A-Za-z0-9._~+/=-]{1,512}$/.test(value);
}

export function readHeartOptions(params: URLSearchParams): HeartOptions {
  const token = params.get("token")?.trim() ?? "";
  return {
    token: isPulsoidToken(token) ? token : "",
    url: feedUrl(params.get("url")) ?? HEART_DEFAULTS.url,
    lostAfterSeconds: readInt(params, "lost", {
      fallback: HEART_DEFAULTS.lostAfterSeconds,
      ...HEART_LIMITS.lostAfterSeconds,
    }),
    size: readInt(params, "size", { fallback: HEART_DEFAULTS.size, ...HEART_LIMITS.size }),
    label: readText(params, "label", HEART_DEFAULTS.label, 20),
    demo: isDemo(params),
  };
}

export function heartOptionsToParams(options: HeartOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (options.token) params.set("token", options.token);
  setIfNotDefault(params, "url", options.url, HEART_DEFAULTS.url);
  setIfNotDefault(params, "lost", options.lostAfterSeconds, HEART_DEFAULTS.lostAfterSeconds);
  setIfNotDefault(params, "size", options.size, HEART_DEFAULTS.size);
  setIfNotDefault(params, "label", options.label, HEART_DEFAULTS.label);
  if (options.demo) params.set("demo", "1");
  return params;
}

export function heartIsConfigured(options: HeartOptions): boolean {
  return options.token !== "" || options.demo;
}
