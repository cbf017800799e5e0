/**
 * Rate limits kept in the database (docs/security.md, promise 8): counted across instances sharing the database,
 * kept across a restart, atomic under concurrent hits, and a window that ends restarts the count.
 */
import type { AddressInfo } from "node:net";
import { openTestDatabase, type TestDatabase } from "@portfolio/testing/data/test-database.ts";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabaseRateLimitStore, storedKey } from "./rate-limit-store.ts";

let database: TestDatabase;
const closers: (() => Promise<void>)[] = [];
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await database.close();
});

/** One "instance": its own app and store over the shared database, limit 3 per client per minute. */
async function instance(): Promise<string> {
  const app = express();
  app.set("trust proxy", false);
  app.post(
    "/login",
    rateLimit({
      windowMs: 60_000,
      limit: 3,
      store: createDatabaseRateLimitStore(database.db, "login-ip"),
      handler: (_req, res) => {
        res.status(429).json({ error: "Too many login attempts. Try again later." });
      },
    }),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
}

describe("DatabaseRateLimitStore", () => {
  it("counts one client's requests across two instances on one database", async () => {
    const [a, b] = [await instance(), await instance()];
    const statuses = [];
    for (const url of [a, b, a, b]) statuses.push((await fetch(url, { method: "POST" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("keeps the count across a restart", async () => {
    const first = await instance();
    for (let i = 0; i < 3; i++) expect((await fetch(first, { method: "POST" })).status).toBe(200);
    for (const close of closers.splice(0)) await close();
    const restarted = await instance();
    const res = await fetch(restarted, { method: "POST" });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: "Too many login attempts. Try again later." });
  });

  it("loses no hit when many arrive at once", async () => {
    const store = createDatabaseRateLimitStore(database.db, "burst");
    store.init({ windowMs: 60_000 } as Parameters<typeof store.init>[0]);
    const results = await Promise.all(Array.from({ length: 40 }, () => store.increment("client")));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await store.get("client"))?.totalHits).toBe(40);
  });

  it("starts a new window once the old one ends, and keeps limiters and clients apart", async () => {
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const store = createDatabaseRateLimitStore(database.db, "forgot-ip", { now: () => now });
    const other = createDatabaseRateLimitStore(database.db, "signup-ip", { now: () => now });
    for (const s of [store, other]) s.init({ windowMs: 60_000 } as Parameters<typeof s.init>[0]);
    await store.increment("1.2.3.4");
    const second = await store.increment("1.2.3.4");
    expect(second).toEqual({ totalHits: 2, resetTime: new Date("2026-11-23T10:01:00.000Z") });
    expect((await other.increment("1.2.3.4")).totalHits).toBe(1);
    expect((await store.increment("5.6.7.8")).totalHits).toBe(1);
    await store.decrement("1.2.3.4");
    expect((await store.get("1.2.3.4"))?.totalHits).toBe(1);
    now += 60_000;
    expect(await store.get("1.2.3.4")).toBeUndefined();
    expect(await store.increment("1.2.3.4")).toEqual({ totalHits: 1, resetTime: new Date("2026-11-23T10:02:00.000Z") });
    await store.resetKey("1.2.3.4");
    expect(await store.get("1.2.3.4")).toBeUndefined();
    await store.resetAll();
    expect(await store.get("5.6.7.8")).toBeUndefined();
    // resetAll empties its own limiter only.
    const left = await database.db.selectFrom("rate_limits").select(["limiter", "key"]).execute();
    expect(left).toEqual([{ limiter: "signup-ip", key: storedKey("1.2.3.4") }]);
  });

  it("counts any key, even one PostgreSQL text cannot hold, and never stores it in clear", async () => {
    const store = createDatabaseRateLimitStore(database.db, "forgot-email");
    store.init({ windowMs: 60_000 } as Parameters<typeof store.init>[0]);
    const key = "email|a\u0000b@example.com";
    expect((await store.increment(key)).totalHits).toBe(1);
    expect((await store.increment(key)).totalHits).toBe(2);
    const rows = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(rows).toEqual([{ key: storedKey(key) }]);
    expect(rows[0]?.key).not.toContain("example.com");
  });
});
