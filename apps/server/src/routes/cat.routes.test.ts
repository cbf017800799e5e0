import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CatOfTheDay } from "@portfolio/core/domain";
import { type FakeCatApi, startFakeCatApi } from "@portfolio/testing/fakes/fake-cat-api.ts";
import { startTestServer, TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createTools } from "../create-tools.ts";

const FALLBACK_URL = /^\/api\/cat-of-the-day\/fallback\/[1-4]\.svg$/;
const HOUR = 60 * 60 * 1000;

let cats: FakeCatApi;
let server: TestServer;
const others: Server[] = [];

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  server = await startTestServer({ env: { CAT_API_BASE_URL: cats.baseUrl, ...env } });
  // Days are UTC days: start every test at the next noon UTC, so "an hour later" is the same day at any real time.
  const now = server.core.now();
  let noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  if (noon <= now.getTime()) noon += 24 * HOUR;
  server.clock.advance(noon - now.getTime());
  return server;
}

/** A second server instance over the same database, as when several instances run behind a proxy. */
async function secondInstance(): Promise<TestClient> {
  // Its own services (and their memory) over the same database and clock.
  const core = { ...server.core, tools: createTools(server.core, server.config, server.core.catFallbacks) };
  const app = createApp({ core, config: server.config, log: () => {} });
  const other = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => other.once("listening", resolve));
  others.push(other);
  return new TestClient(`http://127.0.0.1:${(other.address() as AddressInfo).port}`);
}

beforeEach(async () => {
  cats = await startFakeCatApi();
});
afterEach(async () => {
  for (const other of others.splice(0)) {
    other.closeAllConnections();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
  await server?.close();
  await cats.close();
});

const today = () => server.core.now().toISOString().slice(0, 10);
const cat = async (client: TestClient = server.client()) => {
  const res = await client.get<CatOfTheDay>("/api/cat-of-the-day");
  expect(res.status).toBe(200);
  return res.body;
};

describe("GET /api/cat-of-the-day", () => {
  it("answers the API's image with the UTC date and source api", async () => {
    await start();
    expect(await cat()).toEqual({ url: cats.imageUrl(1), date: today(), source: "api" });
    expect(cats.calls).toHaveLength(1);
    expect(cats.calls[0]).toMatchObject({ path: "/v1/images/search", query: { limit: "1" }, apiKey: undefined });
  });

  it("sends CAT_API_KEY as the x-api-key header when configured", async () => {
    await cats.close();
    cats = await startFakeCatApi({ apiKey: "cat-key-123" });
    await start({ CAT_API_KEY: "cat-key-123" });
    expect((await cat()).source).toBe("api");
    expect(cats.calls[0]?.apiKey).toBe("cat-key-123");
  });

  it("shows every viewer and every reload the same cat all day, asking the API once", async () => {
    await start();
    const first = await cat();
    for (let i = 0; i < 3; i++) expect(await cat()).toEqual(first);
    server.clock.advance(HOUR);
    expect(await cat()).toEqual(first);
    expect(cats.calls).toHaveLength(1);
  });

  it("keeps the day's pick in the settings table, so other instances and restarts agree", async () => {
    await start();
    const first = await cat();
    const row = await server.core.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", `cat_of_the_day:${today()}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toMatchObject({ url: first.url });
    expect(await cat(await secondInstance())).toEqual(first);
    expect(cats.calls).toHaveLength(1);
  });

  it("makes the first pick of the day win when two instances race", async () => {
    await start();
    cats.delayMs = 50;
    const other = await secondInstance();
    const [a, b] = await Promise.all([cat(), cat(other)]);
    expect(a).toEqual(b);
    expect(await cat()).toEqual(a);
    expect(await cat(other)).toEqual(a);
  });

  it("shares one API call between concurrent first requests", async () => {
    await start();
    cats.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 5 }, () => cat()));
    expect(new Set(answers.map((a) => a.url)).size).toBe(1);
    expect(cats.calls).toHaveLength(1);
  });

  it("picks a new cat the next day and forgets the old one", async () => {
    await start();
    const first = await cat();
    const firstDay = today();
    server.clock.advance(24 * HOUR);
    const second = await cat();
    expect(second).toEqual({ url: cats.imageUrl(2), date: today(), source: "api" });
    expect(second.date).not.toBe(firstDay);
    expect(second.url).not.toBe(first.url);
    const keys = await server.core.db
      .selectFrom("settings")
      .select("key")
      .where("key", "like", "cat_of_the_day:%")
      .execute();
    expect(keys.map((k) => k.key)).toEqual([`cat_of_the_day:${today()}`]);
  });
});

describe("GET /api/cat-of-the-day when the API fails", () => {
  it.each(["error", "empty", "garbage"] as const)("falls back to a shipped illustration (%s)", async (failure) => {
    await start();
    cats.failure = failure;
    const answer = await cat();
    expect(answer).toEqual({ url: expect.stringMatching(FALLBACK_URL), date: today(), source: "fallback" });
  });

  it("falls back when the API is unreachable, and every instance shows the same illustration", async () => {
    const gone = await startFakeCatApi();
    await gone.close();
    await start({ CAT_API_BASE_URL: gone.baseUrl });
    const answer = await cat();
    expect(answer.source).toBe("fallback");
    expect(answer.url).toMatch(FALLBACK_URL);
    expect(await cat(await secondInstance())).toEqual(answer);
  });

  it("falls back when the API refuses a wrong key", async () => {
    await cats.close();
    cats = await startFakeCatApi({ apiKey: "right-key-1" });
    await start({ CAT_API_KEY: "wrong-key-1" });
    expect((await cat()).source).toBe("fallback");
  });

  it("does not store the fallback: the API is asked again after 10 minutes and its photo then holds", async () => {
    await start();
    cats.failure = "error";
    expect((await cat()).source).toBe("fallback");
    cats.failure = null;
    expect((await cat()).source).toBe("fallback");
    expect(cats.calls).toHaveLength(1);
    server.clock.advance(10 * 60 * 1000 + 1);
    expect(await cat()).toEqual({ url: cats.imageUrl(1), date: today(), source: "api" });
    cats.failure = "error";
    server.clock.advance(HOUR);
    expect((await cat()).source).toBe("api");
  });

  it("serves the fallback illustration it names as an SVG image", async () => {
    await start();
    cats.failure = "error";
    const { url } = await cat();
    const res = await server.client().get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

describe("GET /api/cat-of-the-day/fallback/{n}.svg", () => {
  beforeEach(async () => {
    await start();
  });

  it.each([1, 2, 3, 4])("serves illustration %i as a small SVG that runs nothing", async (n) => {
    const res = await server.client().get(`/api/cat-of-the-day/fallback/${n}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.text.length).toBeLessThan(4000);
    expect(res.text).toContain("<title>");
    expect(res.text).not.toMatch(/<script|on\w+=/i);
  });

  it.each(["9.svg", "1.png", "..%2F..%2Fpackage.json", "..%2Fcats%2F1.svg"])("answers 404 for %s", async (file) => {
    const res = await server.client().get(`/api/cat-of-the-day/fallback/${file}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "No such fallback cat image." });
  });
});

describe("GET /api/cat-of-the-day/image", () => {
  const image = () => fetch(`${server.url}/api/cat-of-the-day/image`, { redirect: "manual" });

  it("redirects to the same picture as the day's answer, asked again on every use", async () => {
    await start();
    const res = await image();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(cats.imageUrl(1));
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect((await cat()).url).toBe(cats.imageUrl(1));
    expect(cats.calls).toHaveLength(1);
  });

  it("redirects to the day's illustration when the API fails", async () => {
    await start();
    cats.failure = "error";
    const res = await image();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(FALLBACK_URL);
    expect(res.headers.get("location")).toBe((await cat()).url);
  });

  it("follows the day: the next day redirects to the next cat", async () => {
    await start();
    expect((await image()).headers.get("location")).toBe(cats.imageUrl(1));
    server.clock.advance(24 * HOUR);
    expect((await image()).headers.get("location")).toBe(cats.imageUrl(2));
  });
});
