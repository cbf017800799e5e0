/**
 * The metrics as an operator reads them: Debian's real `prometheus` scrapes a running instance
 * with the bearer token, and one of our series comes back through its query API.
 * Needs /usr/bin/prometheus (`apt-get install -y prometheus`; `.ci/run` installs it).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";

const PROMETHEUS = "/usr/bin/prometheus";
const TOKEN = "metrics-token-for-prometheus-0123456789";

let server: TestServer | undefined;
let prometheus: ChildProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (prometheus && prometheus.exitCode === null && prometheus.signalCode === null) {
    const exited = new Promise((resolve) => prometheus?.once("exit", resolve));
    prometheus.kill("SIGTERM");
    await exited;
  }
  prometheus = undefined;
  await server?.close();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

interface QueryAnswer {
  status: string;
  data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
}

/** Asks Prometheus until the query has a sample (each scrape is a second apart), or fails with its log. */
async function sampleOf(base: string, query: string, log: () => string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (prometheus?.exitCode !== null) throw new Error(`prometheus exited:\n${log()}`);
    try {
      const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(query)}`);
      const answer = (await res.json()) as QueryAnswer;
      const found = answer.data?.result ?? [];
      if (found.length > 0) return found;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No sample of ${query} within ${timeoutMs} ms.\n${log()}`);
}

describe("Prometheus scraping a running instance", () => {
  it("reads the request count of an operation back through its query API", { timeout: 40_000 }, async () => {
    expect(existsSync(PROMETHEUS), `${PROMETHEUS} is missing: apt-get install -y prometheus`).toBe(true);
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    const client = server.client();
    for (let i = 0; i < 3; i++) expect((await client.get("/api/health")).status).toBe(200);

    dir = mkdtempSync(join(tmpdir(), "portfolio-prometheus-"));
    const target = new URL(server.url).host;
    writeFileSync(
      join(dir, "prometheus.yml"),
      [
        "global:",
        "  scrape_interval: 1s",
        "scrape_configs:",
        "  - job_name: portfolio",
        "    scrape_interval: 1s",
        "    metrics_path: /metrics",
        "    authorization:",
        "      type: Bearer",
        `      credentials: ${TOKEN}`,
        "    static_configs:",
        `      - targets: ["${target}"]`,
        "",
      ].join("\n"),
    );
    const port = await freePort();
    let log = "";
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
    };
    prometheus.stdout?.on("data", keep);
    prometheus.stderr?.on("data", keep);

    const base = `http://127.0.0.1:${port}`;
    const [sample, ...others] = await sampleOf(
      base,
      'portfolio_http_requests_total{operation="meta.health",status="200"}',
      () => log,
    );
    expect(others).toEqual([]);
    expect(sample?.metric).toMatchObject({
      __name__: "portfolio_http_requests_total",
      job: "portfolio",
      instance: target,
      operation: "meta.health",
      method: "GET",
      status: "200",
    });
    expect(Number(sample?.value[1])).toBe(3);
    // The scrape itself was let in: Prometheus reports its target up.
    const [up] = await sampleOf(base, 'up{job="portfolio"}', () => log);
    expect(up?.value[1]).toBe("1");
  });
});
