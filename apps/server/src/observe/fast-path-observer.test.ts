/**
 * The fast path's record: every answer counted in the request metrics, one in `sampleEvery` timed, and one
 * aggregate log line per window instead of a line per request.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fastPathObserver } from "./fast-path-observer.ts";
import { createLogger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";
import { seriesValue } from "./metrics-text.ts";

async function observed(sampleEvery: number) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = await createLogger("json", destination);
  const metrics = await createMetrics("sqlite");
  const observer = fastPathObserver({ logger, metrics, sampleEvery, windowMs: 60_000 });
  for (let i = 0; i < 8; i++) observer.done("projects.list", 200, observer.start());
  observer.done("hello", 304, observer.start());
  const scrape = await metrics.registry.metrics();
  return { lines, observer, scrape };
}

describe("the fast path's observer", () => {
  it("counts every answer by operation and status", async () => {
    const { scrape } = await observed(4);
    const total = (operation: string, status: string) =>
      seriesValue(scrape, "portfolio_http_requests_total", { operation, method: "GET", status });
    expect(total("projects.list", "200")).toBe(8);
    expect(total("hello", "304")).toBe(1);
  });

  it("times only one answer in sampleEvery", async () => {
    const { scrape } = await observed(4);
    const timed = seriesValue(scrape, "portfolio_http_request_duration_seconds_count", { operation: "projects.list" });
    expect(timed).toBe(2);
  });

  it("writes one line per window with the answers by operation and status, none per request", async () => {
    const { lines, observer } = await observed(4);
    expect(lines).toEqual([]);
    observer.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "fast path",
      requests: 9,
      fastPath: { "projects.list 200": 8, "hello 304": 1 },
    });
    observer.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
  });
});
