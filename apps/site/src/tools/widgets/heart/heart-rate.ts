/**
 * Heart-rate feed in Pulsoid's real-time shape: `wss://dev.pulsoid.net/api/v1/data/real_time?access_token=…`
 * sends `{"measured_at": 1625310655000, "data": {"heart_rate": 93}}`. The widget shows the live rate, beats
 * at it, and says 'signal lost' when readings stop.
 */

export const PULSOID_REALTIME_URL = "wss://dev.pulsoid.net/api/v1/data/real_time";
export const MIN_BPM = 25;
export const MAX_BPM = 250;

export interface HeartReading {
  bpm: number;
  measuredAt: number | null;
}

/** A reading from one message, or null when the message is not one (or the rate is impossible). */
export function parseHeartRateMessage(data: string): HeartReading | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { data: payload, measured_at: measuredAt } = body as { data?: unknown; measured_at?: unknown };
  const rate =
    typeof payload === "object" && payload !== null ? (payload as { heart_rate?: unknown }).heart_rate : undefined;
  if (typeof rate !== "number" || !Number.isFinite(rate)) return null;
  const bpm = Math.round(rate);
  if (bpm < MIN_BPM || bpm > MAX_BPM) return null;
  return { bpm, measuredAt: typeof measuredAt === "number" && Number.isFinite(measuredAt) ? measuredAt : null };
}

export type SignalState = "waiting" | "live" | "lost";

/** waiting: nothing received yet; live: a reading within `lostAfterMs`; lost: readings stopped. */
export function signalState(lastReadingAt: number | null, now: number, lostAfterMs: number): SignalState {
  if (lastReadingAt === null) return "waiting";
  return now - lastReadingAt < lostAfterMs ? "live" : "lost";
}

/** One beat of the animated heart, in ms (60,000 / bpm). */
export function beatMs(bpm: number): number {
  const safe = Math.min(MAX_BPM, Math.max(MIN_BPM, bpm));
  return Math.round(60_000 / safe);
}

/** The feed's address with the token added as Pulsoid expects (`access_token`). */
export function heartSocketUrl(base: string, token: string): string {
  const url = new URL(base);
  if (token) url.searchParams.set("access_token", token);
  return url.href;
}

/**
 * HypeRate's live feed: a Phoenix-channels WebSocket, `wss://app.hyperate.io/socket/websocket?token=<api key>`.
 * The widget joins the streamer's channel `hr:<widget id>` (`phx_join`), keeps the socket alive with a
 * `heartbeat` on the `phoenix` topic, and reads `{"event": "hr_update", "payload": {"hr": 93}}`.
 */
export const HYPERATE_SOCKET_URL = "wss://app.hyperate.io/socket/websocket";
/** HypeRate closes a socket that has been quiet for about a minute: a heartbeat well within that. */
export const HYPERATE_HEARTBEAT_MS = 25_000;

export function hyperateSocketUrl(base: string, apiKey: string): string {
  const url = new URL(base);
  if (apiKey) url.searchParams.set("token", apiKey);
  return url.href;
}

export const hyperateJoin = (widgetId: string): string =>
  JSON.stringify({ topic: `hr:${widgetId}`, event: "phx_join", payload: {}, ref: 0 });

export const HYPERATE_HEARTBEAT = JSON.stringify({ topic: "phoenix", event: "heartbeat", payload: {}, ref: 0 });

/** A reading from one HypeRate message (only `hr_update` of the joined channel), or null. */
export function parseHypeRateMessage(data: string, widgetId: string): HeartReading | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { event, payload, topic } = body as { event?: unknown; payload?: unknown; topic?: unknown };
  if (event !== "hr_update" || (topic !== undefined && topic !== `hr:${widgetId}`)) return null;
  const rate = typeof payload === "object" && payload !== null ? (payload as { hr?: unknown }).hr : undefined;
  if (typeof rate !== "number" || !Number.isFinite(rate)) return null;
  const bpm = Math.round(rate);
  return bpm < MIN_BPM || bpm > MAX_BPM ? null : { bpm, measuredAt: null };
}
