/** GET /api/health: 200 {"status":"ok"} with the database reachable, 503 otherwise (for load balancers). */
import type { AddressInfo } from "node:net";
import { openDatabase } from "@portfolio/core/data";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-database.ts";
import { healthHandler } from "./health.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(core: Parameters<typeof healthHandler>[0]): Promise<string> {
  const app = express();
  app.get("/api/health", healthHandler(core));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
}

describe("GET /api/health", () => {
  it("answers 200 ok while the database answers", async () => {
    const database = await openTestDatabase();
    closers.push(() => database.close());
    const res = await fetch(await serve({ db: database.db }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers 503 when the PostgreSQL server cannot be reached", async () => {
    // Nothing listens on this port: every connection attempt is refused.
    const { db } = openDatabase(`postgres://nobody@127.0.0.1:${await freePort()}/none`, { poolSize: 1 });
    closers.push(() => db.destroy());
    const res = await fetch(await serve({ db }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", error: "The database is unreachable." });
  });

  it("answers 503 once the database is closed", async () => {
    const database = await openTestDatabase();
    closers.push(() => database.close());
    const url = await serve({ db: database.db });
    await database.db.destroy();
    const res = await fetch(url);
    expect(res.status).toBe(503);
  });
});
