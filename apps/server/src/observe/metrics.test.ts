/**
 * GET /metrics: off unless METRICS_TOKEN is set, then only with that bearer token, in Prometheus'
 * text format: requests and latency by operation, the database pool and query time of this run's dialect,
 * sync, mail, rate limits, login failures and the process. Runs on SQLite and on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { testDialect } from "@portfolio/core/test/postgres-cluster";
import { connectDevice, NEW_PROJECT, syncOp } from "@portfolio/testing/server/device-client.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";
import { seriesValue } from "./metrics-text.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
const dialect = testDialect() === "postgres" ? "postgres" : "sqlite";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function withMetrics(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  server = await startTestServer({ ...options, env: { METRICS_TOKEN: TOKEN, ...options.env } });
  return server;
}

async function scrape(target: TestServer): Promise<string> {
  const res = await fetch(`${target.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("portfolio_http_requests_total");
  });

  it("answers 401 without the bearer token, or with another", async () => {
    const target = await withMetrics();
    const tries: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-the-metrics-token-at-all" },
      { authorization: TOKEN },
    ];
    for (const headers of tries) {
      const res = await fetch(`${target.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "The metrics need the bearer token set in METRICS_TOKEN." });
    }
  });

  it("answers Prometheus' text format with the token, never cached", async () => {
    const target = await withMetrics();
    const res = await fetch(`${target.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("# TYPE portfolio_http_requests_total counter");
  });

  it("counts requests by operation name and status, and times them by operation", async () => {
    const target = await withMetrics();
    const client = target.client();
    await client.get("/api/health");
    await client.get("/api/health");
    await client.post("/api/login", {});
    await client.get("/api/no-such-call");
    await client.get("/some/page");
    const text = await scrape(target);
    const count = (labels: Record<string, string>) => seriesValue(text, "portfolio_http_requests_total", labels);
    expect(count({ operation: "meta.health", method: "GET", status: "200" })).toBe(2);
    expect(count({ operation: "auth.login", method: "POST", status: "400" })).toBe(1);
    // Paths nobody declared share one label each: callers cannot grow the number of series.
    expect(count({ operation: "unmatched", method: "GET", status: "404" })).toBe(1);
    expect(count({ operation: "site", method: "GET", status: "404" })).toBe(1);
    expect(seriesValue(text, "portfolio_http_request_duration_seconds_count", { operation: "meta.health" })).toBe(2);
    expect(
      seriesValue(text, "portfolio_http_request_duration_seconds_bucket", { operation: "meta.health", le: "+Inf" }),
    ).toBe(2);
  });

  it(`reports the ${dialect} pool and times its queries`, async () => {
    const target = await withMetrics();
    await target.client().get("/api/projects");
    const text = await scrape(target);
    expect(seriesValue(text, "portfolio_db_pool_connections", { dialect, state: "total" })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, "portfolio_db_pool_connections", { dialect, state: "waiting" })).toBe(0);
    expect(seriesValue(text, "portfolio_db_query_duration_seconds_count", { dialect, outcome: "ok" })).toBeGreaterThan(
      0,
    );
    expect(seriesValue(text, "portfolio_db_query_duration_seconds_count", { dialect, outcome: "error" })).toBe(0);
  });

  it("counts sync pushes, their ops by result, and the size of pulls", async () => {
    const target = await withMetrics();
    const { device } = await connectDevice(target, OWNER.username, OWNER.password);
    const op = syncOp({ entityId: randomUUID(), fields: NEW_PROJECT });
    await device.push([op, syncOp({ entityId: randomUUID(), fields: { ...NEW_PROJECT, github: "ftp://x.example" } })]);
    await device.push([op]);
    const pull = await device.call<{ changes: unknown[] }>("GET", "/api/sync/pull");
    const text = await scrape(target);
    expect(seriesValue(text, "portfolio_sync_pushes_total")).toBe(2);
    expect(seriesValue(text, "portfolio_sync_ops_total", { result: "applied" })).toBe(1);
    expect(seriesValue(text, "portfolio_sync_ops_total", { result: "rejected" })).toBe(1);
    expect(seriesValue(text, "portfolio_sync_ops_total", { result: "duplicate" })).toBe(1);
    expect(seriesValue(text, "portfolio_sync_pull_changes_count", { reset: "true" })).toBe(1);
    expect(seriesValue(text, "portfolio_sync_pull_changes_sum", { reset: "true" })).toBe(pull.body.changes.length);
  });

  it("counts login failures by reason and rate-limit refusals by limiter", async () => {
    const target = await withMetrics({ rateLimits: { loginPerUsername: 2 } });
    const client = target.client();
    for (let i = 0; i < 3; i++) await client.post("/api/login", { username: "owner", password: "wrong-password-1" });
    const text = await scrape(target);
    expect(seriesValue(text, "portfolio_login_failures_total", { reason: "wrong_credentials" })).toBe(2);
    expect(seriesValue(text, "portfolio_login_failures_total", { reason: "deactivated" })).toBe(0);
    expect(seriesValue(text, "portfolio_rate_limit_refusals_total", { limiter: "login-name" })).toBe(1);
  });

  it("reports the mail queue's depth and its failures", async () => {
    // A mail server that takes the connection and never greets: the mail waits in the queue until it hangs up.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const target = await withMetrics({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      const res = await target.client().post("/api/forgot-password", { email: OWNER.email });
      expect(res.status).toBe(200);
      while (sockets.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const waiting = await scrape(target);
      expect(seriesValue(waiting, "portfolio_mail_queue_depth")).toBe(1);
      expect(seriesValue(waiting, "portfolio_mail_failures_total")).toBe(0);
      for (const socket of sockets) socket.destroy();
      await target.core.mailer.drain();
      const after = await scrape(target);
      expect(seriesValue(after, "portfolio_mail_queue_depth")).toBe(0);
      expect(seriesValue(after, "portfolio_mail_failures_total")).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("reports the process: CPU, memory, event loop", async () => {
    const text = await scrape(await withMetrics());
    expect(seriesValue(text, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(seriesValue(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(seriesValue(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });
});
