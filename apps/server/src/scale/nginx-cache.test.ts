/**
 * The shipped deploy/nginx.conf caching the public reads, run for real (Debian's nginx, only addresses,
 * ports and paths substituted): an anonymous read is answered from nginx's copy, an admin change reaches
 * the public list through it within the documented time (the answers' `s-maxage=5`, README: 'Caching the
 * public reads'), and a request with a cookie or an Authorization header is never answered from the cache.
 */
import type { Project } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balancerRequest } from "../test/balancer-client.ts";
import { type Balancer, startNginx } from "../test/balancers.ts";

/** The answers' s-maxage, the server's own recheck on SQLite (1 s) and a margin for a loaded machine. */
const VISIBLE_WITHIN_MS = 5_000 + 1_000 + 1_500;

let server: TestServer;
let nginx: Balancer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  const upstream = new URL(server.url).host;
  nginx = await startNginx([upstream, upstream]);
}, 60_000);
afterAll(async () => {
  await nginx?.close();
  await server?.close();
});

async function titles(headers: Record<string, string> = {}) {
  const res = await balancerRequest(nginx.url, "GET", "/api/projects", { headers });
  expect(res.status).toBe(200);
  const list = JSON.parse(res.body) as { projects: Project[] };
  return { titles: list.projects.map((p) => p.title), cache: res.headers["x-cache-status"] };
}

describe("deploy/nginx.conf in front of the public reads", () => {
  it("answers an anonymous read from its copy, one copy per query", async () => {
    await balancerRequest(nginx.url, "GET", "/api/projects?sort=az&limit=3");
    const again = await balancerRequest(nginx.url, "GET", "/api/projects?sort=az&limit=3");
    expect(again.headers["x-cache-status"]).toBe("HIT");
    const other = await balancerRequest(nginx.url, "GET", "/api/projects?sort=az&limit=4");
    expect(other.headers["x-cache-status"]).toBe("MISS");
    expect(JSON.parse(other.body).projects).toHaveLength(4);
  });

  it("shows an admin change on the public list within the documented time, and at once to a request with a cookie", async () => {
    await titles();
    expect((await titles()).cache).toBe("HIT");
    const owner = await server.login(OWNER.username, OWNER.password);
    const created = await owner.post("/api/projects", { title: "Through The Cache", description: "New.", tags: [] });
    expect(created.status).toBe(201);
    const changedAt = Date.now();

    // A cookie or an Authorization header goes to an instance every time: the change is there at once.
    const withCookie = await titles({ cookie: "theme=dark" });
    expect(withCookie.cache).toBe("BYPASS");
    expect(withCookie.titles).toContain("Through The Cache");
    const withAuthorization = await titles({ authorization: "Bearer not-a-device-token" });
    expect(withAuthorization.cache).toBe("BYPASS");
    expect(withAuthorization.titles).toContain("Through The Cache");

    let seen = false;
    while (!seen && Date.now() - changedAt < VISIBLE_WITHIN_MS) {
      seen = (await titles()).titles.includes("Through The Cache");
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen).toBe(true);
  });

  it("never stores the answer to a request with a cookie", async () => {
    const path = "/api/projects?sort=status&limit=2";
    const first = await balancerRequest(nginx.url, "GET", path, { headers: { cookie: "theme=dark" } });
    expect(first.headers["x-cache-status"]).toBe("BYPASS");
    const anonymous = await balancerRequest(nginx.url, "GET", path);
    expect(anonymous.headers["x-cache-status"]).toBe("MISS");
  });
});
