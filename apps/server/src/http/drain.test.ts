/** The drain before a shutdown: health 503 and `Connection: close` on every answer, still serving. */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { operations } from "@portfolio/core/domain";
import { afterEach, describe, expect, it } from "vitest";
import { DRAINING_MESSAGE, installDrain } from "./drain.ts";

const HEALTH = operations["meta.health"].path;
let server: Server;
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A server whose app answers 200 "app" to everything, health included, with the drain in front. */
async function drainedServer(drainMs: number) {
  server = createServer((_req, res) => res.end("app"));
  const drain = installDrain(server, { drainMs });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { drain, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent: false, headers: { connection: "keep-alive" } },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("installDrain", () => {
  it("before the drain, the app answers everything and keeps connections alive", async () => {
    const { drain, port } = await drainedServer(50);
    expect(drain.draining).toBe(false);
    expect(await get(port, HEALTH)).toEqual({ status: 200, connection: "keep-alive", body: "app" });
  });

  it("while draining, the health check answers 503 with the reason", async () => {
    const { drain, port } = await drainedServer(60_000);
    void drain.start();
    const health = await get(port, HEALTH);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ error: DRAINING_MESSAGE });
    expect(health.connection).toBe("close");
    expect(drain.draining).toBe(true);
  });

  it("while draining, every other request is still answered by the app, with Connection: close", async () => {
    const { drain, port } = await drainedServer(60_000);
    void drain.start();
    expect(await get(port, "/api/projects")).toEqual({ status: 200, connection: "close", body: "app" });
    expect(await get(port, `${HEALTH}x`)).toEqual({ status: 200, connection: "close", body: "app" });
  });

  it("the drain ends after drainMs, however often it is started", async () => {
    const { drain } = await drainedServer(200);
    const began = Date.now();
    const first = drain.start();
    expect(drain.start()).toBe(first);
    await first;
    expect(Date.now() - began).toBeGreaterThanOrEqual(190);
  });
});
