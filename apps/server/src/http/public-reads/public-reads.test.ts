/**
 * The public reads (GET /api/projects in its sorts and pages, /api/settings/profile, /api/hello): a plain
 * anonymous GET is answered by the fast path, anything else by the full Express path, both from the same
 * bytes, so they give the same answer; compressed copies, ETags and 304s; shared caching; and a change,
 * through this instance or behind its back, reaching the next read. Runs on SQLite and on PostgreSQL.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { DEFAULT_SITE_PROFILE, SHARED_CACHE_CONTROL, type SiteProfile } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seriesValue } from "../../observe/metrics-text.ts";
import { SQLITE_RECHECK_MS } from "./public-cache.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
const EDITED: SiteProfile = { ...DEFAULT_SITE_PROFILE, ownerName: "Sam Rivera", birthDate: "2001-03-09" };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
});
afterEach(async () => {
  await server.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (the test client adds an Origin, which takes the full path), its body left encoded. */
function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/** The headers two answers must share: all but the date, the connection's and the request id. */
function comparable({ headers }: RawAnswer): Record<string, unknown> {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "x-request-id": id, ...rest } = headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
}

async function fastPathCount(operation: string, status: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const labels = { operation, method: "GET", status };
  return seriesValue(await res.text(), "portfolio_http_requests_total", labels) ?? 0;
}

const READS = ["/api/projects", "/api/projects?sort=az&limit=5", "/api/settings/profile", "/api/hello"];
const ENCODINGS = ["", "gzip", "br, gzip;q=0.8"];

describe("the public reads", () => {
  it("answer a plain anonymous GET on the fast path with the headers and bytes of the full path", async () => {
    for (const path of READS) {
      for (const encoding of ENCODINGS) {
        const asked: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
        const fast = await get(path, asked);
        // A cookie takes the full path, as does an Origin (CORS headers may apply).
        const withCookie = await get(path, { ...asked, cookie: "theme=dark" });
        const withOrigin = await get(path, { ...asked, origin: new URL(server.config.publicUrl).origin });
        expect(fast.status).toBe(200);
        expect(comparable(fast)).toEqual(comparable(withCookie));
        expect(comparable(fast)).toEqual(comparable(withOrigin));
        expect(fast.body.equals(withCookie.body) && fast.body.equals(withOrigin.body)).toBe(true);
        expect(fast.headers).toMatchObject({
          "content-security-policy": expect.any(String),
          "x-frame-options": "DENY",
          "cache-control": SHARED_CACHE_CONTROL,
          vary: "Accept-Encoding",
        });
      }
    }
  });

  it("write a plain GET's answer in one writeHead of its whole header list, setting no header one by one", async () => {
    await get("/api/projects");
    const setHeader = vi.spyOn(http.ServerResponse.prototype, "setHeader");
    const writeHead = vi.spyOn(http.ServerResponse.prototype, "writeHead");
    try {
      const res = await get("/api/projects");
      expect(res.status).toBe(200);
      expect(setHeader).not.toHaveBeenCalled();
      expect(writeHead).toHaveBeenCalledTimes(1);
      expect(Array.isArray(writeHead.mock.calls[0]?.[1])).toBe(true);
    } finally {
      setHeader.mockRestore();
      writeHead.mockRestore();
    }
  });

  it("count the fast path's answers in the request metrics, and not the full path's twice", async () => {
    const before = await fastPathCount("hello", "200");
    await get("/api/hello");
    await get("/api/hello");
    await get("/api/hello", { cookie: "theme=dark" });
    expect(await fastPathCount("hello", "200")).toBe(before + 3);
  });

  it("log a request with a cookie or an Authorization header line by line, as the full path does", async () => {
    await get("/api/projects", { cookie: "theme=dark" });
    await get("/api/projects", { authorization: "Bearer not-a-device-token" });
    await get("/api/projects");
    for (let turn = 0; turn < 100 && server.logOutput.length < 2; turn++) await new Promise((r) => setImmediate(r));
    const lines = server.logOutput.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
    expect(lines.map((line) => [line.operation, line.status])).toEqual([
      ["projects.list", 200],
      ["projects.list", 200],
    ]);
  });

  it("send brotli or gzip copies of the same JSON when asked, and the JSON to a client that asks for neither", async () => {
    const json = await get("/api/projects", { "accept-encoding": "identity" });
    const br = await get("/api/projects", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/api/projects", { "accept-encoding": "gzip, br;q=0" });
    expect(json.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(json.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(json.body)).toBe(true);
    expect(br.body.length).toBeLessThan(json.body.length);
    expect(new Set([json.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });

  it("answer 304 with no body to an If-None-Match naming the encoding's ETag, and 200 for another encoding's", async () => {
    const first = await get("/api/settings/profile", { "accept-encoding": "gzip" });
    const etag = String(first.headers.etag);
    const again = await get("/api/settings/profile", { "accept-encoding": "gzip", "if-none-match": `"x", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers).toMatchObject({ etag, "cache-control": SHARED_CACHE_CONTROL, vary: "Accept-Encoding" });
    const other = await get("/api/settings/profile", { "accept-encoding": "br", "if-none-match": etag });
    expect(other.status).toBe(200);
  });

  it("answer an allow-listed Origin with its CORS headers, varying by Origin and Accept-Encoding", async () => {
    await server.close();
    server = await startTestServer({ env: { CORS_ORIGINS: "https://widgets.example.org" } });
    const res = await get("/api/hello", { origin: "https://widgets.example.org", "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "access-control-allow-origin": "https://widgets.example.org",
      vary: "Origin, Accept-Encoding",
    });
  });

  it("refuse a bad query with the registry's 400, never kept by a shared cache", async () => {
    const res = await get("/api/projects?limit=0");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({ error: "limit must be 1 to 100." });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("show a profile change made through this instance on the next read", async () => {
    expect(JSON.parse((await get("/api/settings/profile")).body.toString())).toEqual(DEFAULT_SITE_PROFILE);
    const owner = await server.login(OWNER.username, OWNER.password);
    const changed = await owner.patch("/api/admin/settings/profile", EDITED);
    expect(changed.status).toBe(200);
    expect(JSON.parse((await get("/api/settings/profile")).body.toString())).toEqual(EDITED);
  });

  it("notice a profile change made by another instance through the content revision", async () => {
    expect(JSON.parse((await get("/api/settings/profile")).body.toString())).toEqual(DEFAULT_SITE_PROFILE);
    const profile = JSON.stringify(EDITED);
    for (const [key, value] of [
      ["site_profile", profile],
      ["site_profile_version", "999"],
    ] as const) {
      await server.core.db
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    }
    // On SQLite (one instance) the revision is re-read once its time-to-live is over: move the clock past it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SQLITE_RECHECK_MS });
    try {
      expect(JSON.parse((await get("/api/settings/profile")).body.toString())).toEqual(EDITED);
    } finally {
      vi.useRealTimers();
    }
  });
});
