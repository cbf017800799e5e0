/**
 * GET /api/live (the registry's meta.live), for an orchestrator's liveness probe: 200 while the process
 * answers, whatever the database does (GET /api/health, the readiness check, is the one that asks it).
 */

import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("GET /api/live", () => {
  it("answers 200 ok, never cached", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/live");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({ status: "ok" });
  });

  it("still answers 200 when the database is gone, while the readiness check answers 503", async () => {
    server = await startTestServer();
    await server.core.inFlight.settled();
    await server.core.db.destroy();
    expect((await server.client().get("/api/health")).status).toBe(503);
    const res = await server.client().get("/api/live");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
