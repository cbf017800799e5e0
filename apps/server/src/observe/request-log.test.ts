/**
 * One log line per request: JSON with the request id (also answered in X-Request-Id), the method,
 * the path without its query, the operation name, the status, the duration and the user id; the id comes
 * from X-Request-Id only behind a trusted proxy and only when it is a short safe token.
 */
import { stripVTControlCharacters } from "node:util";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface RequestLine {
  level: string;
  msg: string;
  reqId: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  durationMs: number;
  userId?: string;
}

/** The request lines logged so far (they are written when each answer ends, just after the client has it). */
async function requestLines(target: TestServer, count: number): Promise<RequestLine[]> {
  const read = () =>
    target.logOutput.map((line) => JSON.parse(line) as RequestLine).filter((entry) => entry.msg === "request");
  for (let turn = 0; turn < 100 && read().length < count; turn++) await new Promise((r) => setImmediate(r));
  return read();
}

describe("the request log", () => {
  it("writes one JSON line per request with its id, operation, status, duration and user id", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const res = await owner.get("/api/me");
    const lines = await requestLines(server, 2);
    expect(lines).toHaveLength(2);
    const [login, me] = lines as [RequestLine, RequestLine];
    expect(login).toMatchObject({ level: "info", method: "POST", path: "/api/login", operation: "auth.login" });
    expect(me).toMatchObject({
      level: "info",
      reqId: res.headers.get("x-request-id"),
      method: "GET",
      path: "/api/me",
      operation: "auth.me",
      status: 200,
      userId: (res.body as { _id: string })._id,
    });
    expect(me.durationMs).toBeGreaterThan(0);
    expect(me.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(login.reqId).not.toBe(me.reqId);
  });

  it("names the operation of the hottest call too, and one label for paths nobody declared", async () => {
    server = await startTestServer();
    const client = server.client();
    client.origin = null;
    // With a cookie: a plain anonymous read is answered and logged by the public reads' fast path instead.
    await client.get("/api/projects", { cookie: "theme=dark" });
    await client.get("/api/nothing/here");
    await client.get("/about");
    const lines = await requestLines(server, 3);
    expect(lines.map((line) => [line.operation, line.status])).toEqual([
      ["projects.list", 200],
      ["unmatched", 404],
      ["site", 404],
    ]);
  });

  it("makes its own id when no proxy is trusted, whatever X-Request-Id the caller sends", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/live?from=probe", { "x-request-id": "chosen-by-the-caller" });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The query is left out of the line: a query may carry a token.
    expect((await requestLines(server, 1))[0]).toMatchObject({ reqId: id, path: "/api/live" });
  });

  it("keeps a trusted proxy's X-Request-Id when it is a short safe token, and replaces any other", async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "1" } });
    const client = server.client();
    const kept = await client.get("/api/live", { "x-request-id": "lb-7f3a.42:1" });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.42:1");
    for (const bad of ["two words", "x".repeat(129), '{"msg":"forged"}']) {
      const res = await client.get("/api/live", { "x-request-id": bad });
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await requestLines(server, 4)).map((line) => line.reqId)[0]).toBe("lb-7f3a.42:1");
  });

  it("logs a 5xx answer at error level", async () => {
    server = await startTestServer();
    await server.core.inFlight.settled();
    await server.core.db.destroy();
    const res = await server.client().get("/api/health");
    expect(res.status).toBe(503);
    expect((await requestLines(server, 1))[0]).toMatchObject({ level: "error", operation: "meta.health", status: 503 });
  });

  it("with LOG_FORMAT=pretty, writes readable lines for a terminal", async () => {
    server = await startTestServer({ env: { LOG_FORMAT: "pretty" } });
    const res = await server.client().get("/api/live");
    const id = res.headers.get("x-request-id");
    for (let turn = 0; turn < 100 && !server.logOutput.some((l) => l.includes(`${id}`)); turn++)
      await new Promise((r) => setImmediate(r));
    const line = server.logOutput.find((l) => l.includes(`${id}`));
    // Colours or not (a terminal decides), the words read in order.
    expect(stripVTControlCharacters(line ?? "")).toMatch(
      new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: GET /api/live 200 [\\d.]+ ms \\(meta\\.live\\) \\[${id}\\]$`),
    );
  });
});
