/**
 * docs/security.md, promises 13 and 24 at the HTTP edge: malformed URLs, encodings and parameters are a 4xx JSON error that
 * changes nothing, and no answer ever carries a stack trace.
 */

import { OWNER, startTestServer, type TestResponse, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const MALFORMED_PATH = { error: "The URL path is not valid: it contains a malformed percent-encoding." };

/** What a leaked stack trace looks like: frames, file paths, error class names. */
function expectNoStack(res: Pick<TestResponse, "text">) {
  expect(res.text).not.toMatch(/\n\s+at |node_modules|\.js:\d+|\.ts:\d+|URIError|TypeError/);
}

async function projectRows() {
  return server.core.db.selectFrom("projects").selectAll().orderBy("id").execute();
}
async function userRows() {
  return server.core.db.selectFrom("users").selectAll().orderBy("id").execute();
}

describe("malformed percent-encoding in a path parameter", () => {
  it("answers GET /api/projects/%ZZ with a 400 JSON error", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/projects/%ZZ");
    expect(res.status).toBe(400);
    expect(res.body).toEqual(MALFORMED_PATH);
    expectNoStack(res);
  });

  it("answers PATCH /api/admin/users/%E0%A4%A with a 400 and changes nothing", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const before = await userRows();
    const res = await owner.patch("/api/admin/users/%E0%A4%A", { isActive: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(MALFORMED_PATH);
    expect(await userRows()).toEqual(before);
  });

  it.each([
    ["PATCH", "/api/projects/%"],
    ["DELETE", "/api/projects/%ZZ"],
    ["DELETE", "/api/admin/users/%C0%AF"],
    ["POST", "/api/admin/users/%ZZ/reset-password"],
    ["PATCH", "/api/admin/roles/%E0%A4%A"],
    ["DELETE", "/api/sessions/%ZZ"],
  ])("answers %s %s with the same 400, logs no error and changes nothing", async (method, path) => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const [projects, users] = [await projectRows(), await userRows()];
    const res = await owner.request(method, path, method === "DELETE" ? undefined : { title: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(MALFORMED_PATH);
    expectNoStack(res);
    expect(server.logs.filter((line) => line.startsWith("Unexpected error"))).toEqual([]);
    expect(await projectRows()).toEqual(projects);
    expect(await userRows()).toEqual(users);
  });
});

describe("malformed query strings", () => {
  it.each([
    "/api/admin/audit?actor=%ZZ&limit=%E0%A4%A",
    "/api/admin/audit?actor=a&actor=b&actor=%",
    "/api/admin/audit?%ZZ=%ZZ&&&=&limit=-1",
    "/api/projects?%E0%A4%A",
    "/api/youtube-playlist?playlistId=%ZZ&playlistId=%E0",
    "/api/youtube-playlist?test=true&test=true",
    "/api/cat-of-the-day?%",
  ])("answers GET %s without a 5xx or a stack", async (path) => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const res = await owner.get(path);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expectNoStack(res);
  });
});

describe("no stack trace in any answer", () => {
  it("answers an unexpected failure with a generic 500 JSON error carrying the request id, and logs the details under that id", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    // A real failure inside a handler: the database is gone.
    await server.core.inFlight.settled();
    await server.core.db.destroy();
    const res = await owner.get("/api/admin/users");
    expect(res.status).toBe(500);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({ error: "Something went wrong on the server. Please try again.", requestId });
    expectNoStack(res);
    expect(server.logs.some((line) => line.startsWith(`Unexpected error (request ${requestId}): `))).toBe(true);
  });
});
