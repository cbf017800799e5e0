/**
 * The heart-rate widget's settings in its URL: `source` (`pulsoid`, the default, or `hyperate`), for Pulsoid
 * `token` (its access token), for HypeRate `id` (the streamer's widget ID) and `key` (a HypeRate API key),
 * `url` (the feed's address: the source's own wss:// host, or a socket on this machine), `lost` (seconds
 * without a reading before 'signal lost'), `size`, `label`.
 */
import { loopbackSocketUrl } from "../../common/loopback.ts";
import { isDemo, readInt, readText, setIfNotDefault } from "../params.ts";
import { HYPERATE_SOCKET_URL, PULSOID_REALTIME_URL } from "./heart-rate.ts";

export type HeartSource = "pulsoid" | "hyperate";

export const SOURCE_URLS: Record<HeartSource, string> = {
  pulsoid: PULSOID_REALTIME_URL,
  hyperate: HYPERATE_SOCKET_URL,
};

export interface HeartOptions {
  source: HeartSource;
  token: string;
  hyperateId: string;
  hyperateKey: string;
  url: string;
  lostAfterSeconds: number;
  size: number;
  label: string;
  demo: boolean;
}

export const HEART_DEFAULTS: HeartOptions = {
  source: "pulsoid",
  token: "",
  hyperateId: "",
  hyperateKey: "",
  url: PULSOID_REALTIME_URL,
  lostAfterSeconds: 10,
  size: 64,
  label: "BPM",
  demo: false,
};

export const HEART_LIMITS = { lostAfterSeconds: { min: 3, max: 300 }, size: { min: 16, max: 240 } } as const;

/**
 * A feed address the widget may use: on the source's own host (the one the site's CSP lets pages reach, so a
 * streamer's token never goes anywhere else), or on this machine for trying a local source.
 */
export function feedUrl(value: string | null, source: HeartSource = "pulsoid"): string | null {
  if (!value) return null;
  const loopback = loopbackSocketUrl(value);
  if (loopback) return loopback.href;
  try {
    const url = new URL(value);
    const own = new URL(SOURCE_URLS[source]);
    return url.protocol === "wss:" && url.host === own.host && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** A Pulsoid access token (or a HypeRate API key) as it may stand in a URL (anything else is ignored, never sent). */
export function isPulsoidToken(value: string): boolean {
  return /^[A-Za-z0-9._~+/=-]{1,512}$/.test(value);
}

/** A HypeRate widget ID: the short code in the streamer's HypeRate overlay link. */
export function isHypeRateId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

export function readHeartOptions(params: URLSearchParams): HeartOptions {
  const source: HeartSource = params.get("source") === "hyperate" ? "hyperate" : "pulsoid";
  const token = params.get("token")?.trim() ?? "";
  const id = params.get("id")?.trim() ?? "";
  const key = params.get("key")?.trim() ?? "";
  return {
    source,
    token: isPulsoidToken(token) ? token : "",
    hyperateId: isHypeRateId(id) ? id : "",
    hyperateKey: isPulsoidToken(key) ? key : "",
    url: feedUrl(params.get("url"), source) ?? SOURCE_URLS[source],
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
  if (options.source === "hyperate") {
    params.set("source", "hyperate");
    if (options.hyperateId) params.set("id", options.hyperateId);
    if (options.hyperateKey) params.set("key", options.hyperateKey);
  } else if (options.token) params.set("token", options.token);
  setIfNotDefault(params, "url", options.url, SOURCE_URLS[options.source]);
  setIfNotDefault(params, "lost", options.lostAfterSeconds, HEART_DEFAULTS.lostAfterSeconds);
  setIfNotDefault(params, "size", options.size, HEART_DEFAULTS.size);
  setIfNotDefault(params, "label", options.label, HEART_DEFAULTS.label);
  if (options.demo) params.set("demo", "1");
  return params;
}

export function heartIsConfigured(options: HeartOptions): boolean {
  if (options.demo) return true;
  return options.source === "hyperate" ? options.hyperateId !== "" && options.hyperateKey !== "" : options.token !== "";
}
