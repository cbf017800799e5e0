/**
 * What the public reads' fast path (http/public-reads) records, at a cost nothing measures: each answer
 * is counted (the same `http_requests_total` series the full path counts in), one in `sampleEvery` is
 * timed into the latency histogram, and instead of a line per request the log gets one aggregate line per
 * `windowMs` with the answers given by operation and status (README: 'Logs and metrics'). Requests the
 * fast path passes on are logged and measured one by one, as every other request is.
 */
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";

export const FAST_PATH_SAMPLE_EVERY = 64;
export const FAST_PATH_LOG_WINDOW_MS = 10_000;

export interface FastPathObserver {
  /** The start time when this request is one of the timed sample, else undefined. */
  start(): bigint | undefined;
  done(operation: string, status: number, started: bigint | undefined): void;
  /** Writes what is counted so far (shutdown, tests). */
  flush(): void;
}

export interface FastPathObserverOptions {
  logger: Logger;
  metrics: Metrics | undefined;
  sampleEvery?: number;
  windowMs?: number;
}

export function fastPathObserver({
  logger,
  metrics,
  sampleEvery = FAST_PATH_SAMPLE_EVERY,
  windowMs = FAST_PATH_LOG_WINDOW_MS,
}: FastPathObserverOptions): FastPathObserver {
  let seen = 0;
  // Counted by operation, then status: the hot path builds no key string; the line spells them out.
  let answers = new Map<string, Map<number, number>>();
  let total = 0;
  let slowestMs = 0;
  let windowStart = Date.now();

  const flush = () => {
    const now = Date.now();
    if (total > 0) {
      const seconds = Math.round((now - windowStart) / 100) / 10;
      const fastPath: Record<string, number> = {};
      for (const [operation, byStatus] of answers)
        for (const [status, count] of byStatus) fastPath[`${operation} ${status}`] = count;
      logger.info({ fastPath, requests: total, seconds, sampledSlowestMs: slowestMs }, "fast path");
    }
    answers = new Map();
    total = 0;
    slowestMs = 0;
    windowStart = now;
  };
  // Unref'd: an idle server is not kept alive for its log.
  setInterval(flush, windowMs).unref();

  return {
    start: () => (++seen % sampleEvery === 0 ? process.hrtime.bigint() : undefined),
    done(operation, status, started) {
      let byStatus = answers.get(operation);
      if (byStatus === undefined) {
        byStatus = new Map();
        answers.set(operation, byStatus);
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      total++;
      let seconds: number | undefined;
      if (started !== undefined) {
        seconds = Number(process.hrtime.bigint() - started) / 1e9;
        slowestMs = Math.max(slowestMs, Math.round(seconds * 10_000) / 10);
      }
      metrics?.fastRequest(operation, status, seconds);
    },
    flush,
  };
}
