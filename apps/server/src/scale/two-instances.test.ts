/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: whatever one
 * instance does, the other sees on its next request. Runs in the PostgreSQL pass (TEST_DATABASE=postgres).
 */
import { MESSAGES, type Project } from "@portfolio/core/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type Instance, login, onPostgres, startCluster } from "../test/instances.ts";

let cluster: Cluster;
let a: Instance;
let b: Instance;

describe.runIf(onPostgres)("two instances on one PostgreSQL database", () => {
  beforeAll(async () => {
    // Both start at the same moment: one creates the owner and seeds, the other finds them.
    cluster = await startCluster(2);
    [a, b] = cluster.instances as [Instance, Instance];
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  }, 30_000);

  it("started together, they created one owner and seeded the projects once", async () => {
    const list = await b.client().get<{ projects: Project[] }>("/api/projects");
    expect(list.body.projects).toHaveLength(14);
    const logs = [a.log(), b.log()];
    expect(
      logs.filter((log) => log.includes('"msg":"Created the owner account \\"owner\\" (owner@example.com)."')),
    ).toHaveLength(1);
    expect(logs.filter((log) => log.includes("Added the 14 built-in projects."))).toHaveLength(1);
  });

  it("a session created on one works on the other", async () => {
    const onA = await login(a);
    const me = await b.client(onA.cookies).get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: "owner" });
  });

  it("logging out on one ends the session on both", async () => {
    const onA = await login(a);
    const onB = b.client(onA.cookies);
    expect((await onB.get("/api/me")).status).toBe(200);
    expect((await onA.post("/api/logout")).status).toBe(204);
    expect((await onB.get("/api/me")).status).toBe(401);
    expect((await a.client(onB.cookies).get("/api/me")).status).toBe(401);
  });

  it("counts a rate limit across both: ten failed logins split between them, the eleventh is refused on either", async () => {
    // The default limit: 10 failed logins per username and address per 15 minutes (docs/security.md, promise 8).
    for (let i = 0; i < 10; i++) {
      const res = await (i % 2 === 0 ? a : b).client().post("/api/login", { username: "victim", password: "wrong" });
      expect(res.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const res = await instance.client().post("/api/login", { username: "victim", password: "wrong" });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: MESSAGES.tooManyLogins });
    }
  });

  it("a project edited through one is in the other's public list on its next request", async () => {
    const admin = await login(a);
    const before = await b.client().get<{ projects: Project[] }>("/api/projects");
    const target = before.body.projects[0] as Project;
    for (let round = 1; round <= 5; round++) {
      const title = `Edited through a, round ${round}`;
      expect((await admin.patch(`/api/projects/${target._id}`, { title })).status).toBe(200);
      const seen = await b.client().get<{ projects: Project[] }>("/api/projects");
      expect(seen.body.projects.find((p) => p._id === target._id)?.title).toBe(title);
    }
  });

  it("the site profile changed through one is what the other answers next", async () => {
    const admin = await login(b);
    const profile = (await a.client().get<Record<string, unknown>>("/api/settings/profile")).body;
    const changed = { ...profile, ownerName: "Changed Through B" };
    expect((await admin.patch("/api/admin/settings/profile", changed)).status).toBe(200);
    expect((await a.client().get("/api/settings/profile")).body).toMatchObject({ ownerName: "Changed Through B" });
  });

  it("200 concurrent project writes split across both lose nothing", async () => {
    const onA = await login(a);
    const onB = b.client(onA.cookies);
    const before = (await a.client().get<{ projects: Project[] }>("/api/projects")).body.projects.length;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? onA : onB).post<Project>("/api/projects", {
          title: `Concurrent ${i}`,
          description: `Written through ${i % 2 === 0 ? "a" : "b"}`,
          tags: ["load"],
          isArchived: false,
          isLatest: false,
        }),
      ),
    );
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    for (const instance of [a, b]) {
      const list = (await instance.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
      expect(list).toHaveLength(before + 200);
      const titles = new Set(list.map((p) => p.title));
      for (let i = 0; i < 200; i++) expect(titles.has(`Concurrent ${i}`)).toBe(true);
    }
  });

  it("a write sent to both at once with one Idempotency-Key (resent while it still runs) is made once, and both answer it", async () => {
    const onA = await login(a);
    const onB = b.client(onA.cookies);
    const pairs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const body = {
          title: `Sent twice ${i}`,
          description: "Resent.",
          tags: ["retry"],
          isArchived: false,
          isLatest: false,
        };
        const headers = { "idempotency-key": `both-${i}` };
        return Promise.all([
          onA.post<Project>("/api/projects", body, headers),
          onB.post<Project>("/api/projects", body, headers),
        ]);
      }),
    );
    const answers = pairs.flat();
    expect(answers.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    for (const [first, second] of pairs) expect(second.body).toEqual(first.body);
    const list = (await a.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.filter((p) => p.title.startsWith("Sent twice "))).toHaveLength(20);
  });

  it("one stopped with SIGTERM finishes, closes its pool and exits 0 within its grace period; the other keeps serving", async () => {
    expect((await b.client().get("/api/health")).body).toEqual({ status: "ok" });
    b.process.kill("SIGTERM");
    // Exit 0 and no cut: past the grace period (10 s) it would have closed what was left and exited 1.
    expect(await b.exited).toBe("code 0");
    expect(b.log()).not.toContain("Requests still running");
    expect(b.log()).toContain("Shutting down: finishing requests in flight.");
    expect((await a.client().get("/api/health")).status).toBe(200);
    expect((await a.client().get("/api/projects")).status).toBe(200);
  });
});
