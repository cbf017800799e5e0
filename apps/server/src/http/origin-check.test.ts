/**
 * docs/security.md, promise 23: origins are judged against the configured values (PUBLIC_URL, CORS_ORIGINS), never the Host
 * header, and `null` is never an allowed origin with credentials.
 */
import { request as httpRequest } from "node:http";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const REFUSED = { error: "Cross-site request refused: this call must come from the site itself." };
const PROJECT = JSON.stringify({ title: "Planted", description: "By a foreign page" });

/** fetch() does not let a caller choose the Host header, so this goes through node:http. */
function rawPost(url: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      { method: "POST", headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function projectCount() {
  return (await server.core.db.selectFrom("projects").select("id").execute()).length;
}

describe("origin check against configured origins only", () => {
  it("refuses a foreign Origin even when the Host header names the same foreign site", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const cookie = `session=${owner.cookies.get("session")}`;
    const res = await rawPost(
      server.url,
      "/api/projects",
      { host: "evil.example", origin: "http://evil.example", cookie },
      PROJECT,
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await projectCount()).toBe(14);
  });

  it("refuses a foreign Referer whose host matches a forged Host header", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const cookie = `session=${owner.cookies.get("session")}`;
    const res = await rawPost(
      server.url,
      "/api/projects",
      { host: "evil.example:8080", referer: "http://evil.example:8080/page", cookie },
      PROJECT,
    );
    expect(res.status).toBe(403);
    expect(await projectCount()).toBe(14);
  });

  it("accepts PUBLIC_URL's origin whatever address the request reached", async () => {
    server = await startTestServer({ env: { PUBLIC_URL: "https://portfolio.example" } });
    const owner = await server.login(OWNER.username, OWNER.password);
    owner.origin = "https://portfolio.example";
    expect((await owner.post("/api/projects", { title: "T", description: "D" })).status).toBe(201);
  });

  it("refuses the address the server listens on when PUBLIC_URL names another origin", async () => {
    server = await startTestServer({ env: { PUBLIC_URL: "https://portfolio.example" } });
    const owner = await server.login(OWNER.username, OWNER.password);
    owner.origin = server.url;
    expect((await owner.post("/api/projects", { title: "T", description: "D" })).status).toBe(403);
    expect(await projectCount()).toBe(14);
  });
});

describe("the null origin", () => {
  it("is never reflected with credentials, even when CORS_ORIGINS lists it", async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: "null, https://desk.example" } });
    const read = await server.client().get("/api/projects", { origin: "null" });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    expect(read.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await server.client().request("OPTIONS", "/api/projects", undefined, { origin: "null" });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    // The other listed origin still works.
    const desk = await server.client().get("/api/projects", { origin: "https://desk.example" });
    expect(desk.headers.get("access-control-allow-origin")).toBe("https://desk.example");
  });

  it("is refused for a state-changing call even when CORS_ORIGINS lists it", async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: "null" } });
    const owner = await server.login(OWNER.username, OWNER.password);
    owner.origin = "null";
    const res = await owner.post("/api/projects", { title: "T", description: "D" });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(await projectCount()).toBe(14);
  });
});

describe("an allow-listed origin's preflight", () => {
  it("allows the headers the site's client sends: Content-Type and, on a creating write, Idempotency-Key", async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: "https://desk.example" } });
    const preflight = await server.client().request("OPTIONS", "/api/projects", undefined, {
      origin: "https://desk.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type,idempotency-key",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("Content-Type, Idempotency-Key");
  });

  it("lets the site's client read Retry-After and Idempotent-Replayed on an answer", async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: "https://desk.example" } });
    const res = await server.client().request("GET", "/api/projects", undefined, { origin: "https://desk.example" });
    expect(res.headers.get("access-control-expose-headers")).toBe("Retry-After, Idempotent-Replayed");
  });
});
