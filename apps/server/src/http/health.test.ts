/**
 * GET /api/health (the registry's meta.health), for load balancers: 200 {"status":"ok"} while the database
 * answers, 503 with a clear message when it cannot be reached.
 */
import type { AddressInfo } from "node:net";
import { openDatabase } from "@portfolio/core/data";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";

let server: TestServer | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await server?.close();
  server = undefined;
});

describe("GET /api/health", () => {
  it("answers 200 ok while the database answers, never cached", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers 503 when the PostgreSQL server cannot be reached", async () => {
    server = await startTestServer();
    // The same app over a pool whose server refuses every connection (nothing listens on the port).
    const { db } = openDatabase(`postgres://nobody@127.0.0.1:${await freePort()}/none`, { poolSize: 1 });
    closers.push(() => db.destroy());
    const app = createApp({ core: { ...server.core, db }, config: server.config, log: () => {} });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", resolve));
    closers.push(() => new Promise<void>((resolve) => listening.close(() => resolve())));
    const res = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "The database is unreachable." });
  });

  it("answers 503 once the database is closed", async () => {
    server = await startTestServer();
    await server.core.inFlight.settled();
    await server.core.db.destroy();
    const res = await server.client().get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: "The database is unreachable." });
  });
});
