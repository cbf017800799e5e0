/**
 * Reconnect delays: exponential backoff with "full jitter" below a cap, so many widgets that lost the same
 * server do not all come back at the same moment.
 */
export interface BackoffOptions {
  /** First delay, in ms. */
  baseMs: number;
  /** No delay is longer than this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 30_000 };

/**
 * The delay before reconnect attempt `attempt` (0 = the first retry): between half and all of
 * `min(maxMs, baseMs * 2^attempt)`, picked by `random` in [0, 1).
 */
export function backoffDelay(attempt: number, random: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const safeAttempt = Math.max(0, Math.min(30, Math.floor(attempt)));
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** safeAttempt);
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}
