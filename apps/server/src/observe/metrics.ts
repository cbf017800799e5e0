/**
 * The server's Prometheus metrics (prom-client), one registry per app so test servers in one process never
 * share counts. Every label value comes from a fixed set (operation names of the registry, statuses, sync
 * results, limiter names, refusal reasons, the dialect): nothing a caller sends becomes a label, and no
 * name, address or token is ever one.
 */
import type { DialectName, PoolUse } from "@portfolio/core/data";
import type { CoreObserver } from "@portfolio/core/services";
import type { Registry } from "prom-client";

/** What the metrics read when scraped: the database pool and the mail queue, known once the core exists. */
export interface WatchedState {
  poolUse(): PoolUse;
  mailQueued(): number;
}

export interface Metrics {
  registry: Registry;
  /** Handed to the core: logins refused, sync pushes and pulls, mail failures. */
  observer: CoreObserver;
  /** Handed to the database: each query's duration. */
  onQuery(durationMs: number, failed: boolean): void;
  /** One answered (or abandoned) request. */
  request(operation: string, method: string, status: number, seconds: number): void;
  /** A GET answered by the public reads' fast path: counted; timed only when `seconds` is given (a sample). */
  fastRequest(operation: string, status: number, seconds?: number): void;
  /** A request refused by a rate limit (rate-limits.ts names the limiter). */
  rateLimited(limiter: string): void;
  watch(state: WatchedState): void;
}

const PREFIX = "portfolio_";

/** prom-client is loaded only here, so a server without METRICS_TOKEN never pays for it at start. */
export async function createMetrics(dialect: DialectName): Promise<Metrics> {
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let state: WatchedState | undefined;

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: "HTTP requests answered, by operation name (the registry's), method and status.",
    labelNames: ["operation", "method", "status"],
    registers,
  });
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time from a request's arrival to its last byte, by operation name.",
    labelNames: ["operation"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: "Database connections by state (total, idle; waiting: queries waiting for one), by dialect.",
    labelNames: ["dialect", "state"],
    registers,
    collect() {
      if (!state) return;
      const use = state.poolUse();
      this.set({ dialect, state: "total" }, use.total);
      this.set({ dialect, state: "idle" }, use.idle);
      this.set({ dialect, state: "in_use" }, use.total - use.idle);
      this.set({ dialect, state: "waiting" }, use.waiting);
    },
  });
  const queries = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: "Database query time by dialect and outcome (ok, error).",
    labelNames: ["dialect", "outcome"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers,
  });
  const pushes = new Counter({
    name: `${PREFIX}sync_pushes_total`,
    help: "Sync pushes answered (each with up to 500 ops).",
    registers,
  });
  const ops = new Counter({
    name: `${PREFIX}sync_ops_total`,
    help: "Sync ops answered, by result (applied, duplicate, conflict, rejected).",
    labelNames: ["result"],
    registers,
  });
  const pulls = new Histogram({
    name: `${PREFIX}sync_pull_changes`,
    help: "Changes in each sync pull answer, by whether it was a full snapshot (reset).",
    labelNames: ["reset"],
    buckets: [0, 1, 10, 50, 100, 250, 500, 1000, 5000],
    registers,
  });
  new Gauge({
    name: `${PREFIX}mail_queue_depth`,
    help: "Mails queued after their answer and not yet sent.",
    registers,
    collect() {
      if (state) this.set(state.mailQueued());
    },
  });
  const mailFailures = new Counter({
    name: `${PREFIX}mail_failures_total`,
    help: "Queued mails that could not be sent.",
    registers,
  });
  const refusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: "Requests refused with 429, by limiter.",
    labelNames: ["limiter"],
    registers,
  });
  const loginFailures = new Counter({
    name: `${PREFIX}login_failures_total`,
    help: "Logins refused, by reason (wrong_credentials, deactivated, not_activated, wrong_second_factor, wrong_passkey).",
    labelNames: ["reason"],
    registers,
  });
  // Zero series from the start: a rate() over a counter that appears only at its first event misses it.
  for (const reason of ["wrong_credentials", "deactivated", "not_activated", "wrong_second_factor", "wrong_passkey"])
    loginFailures.inc({ reason }, 0);
  for (const result of ["applied", "duplicate", "conflict", "rejected"]) ops.inc({ result }, 0);
  for (const outcome of ["ok", "error"]) queries.zero({ dialect, outcome });
  const fastCounters = new Map<string, Map<number, { inc(): void }>>();

  return {
    registry,
    observer: {
      loginFailed: (reason) => loginFailures.inc({ reason }),
      syncPushed(results) {
        pushes.inc();
        for (const result of results) ops.inc({ result });
      },
      syncPulled: (changes, reset) => pulls.observe({ reset: String(reset) }, changes),
      mailFailed: () => mailFailures.inc(),
    },
    onQuery: (durationMs, failed) => queries.observe({ dialect, outcome: failed ? "error" : "ok" }, durationMs / 1000),
    request(operation, method, status, seconds) {
      requests.inc({ operation, method, status: String(status) });
      latency.observe({ operation }, seconds);
    },
    fastRequest(operation, status, seconds) {
      // The labelled child is looked up once per series (by operation, then status: no key string built
      // per request): the increment is then a field update.
      let byStatus = fastCounters.get(operation);
      if (!byStatus) {
        byStatus = new Map();
        fastCounters.set(operation, byStatus);
      }
      let counter = byStatus.get(status);
      if (!counter) {
        counter = requests.labels({ operation, method: "GET", status: String(status) });
        byStatus.set(status, counter);
      }
      counter.inc();
      if (seconds !== undefined) latency.observe({ operation }, seconds);
    },
    rateLimited: (limiter) => refusals.inc({ limiter }),
    watch(watched) {
      state = watched;
    },
  };
}
