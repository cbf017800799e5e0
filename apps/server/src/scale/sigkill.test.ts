/**
 * One of two instances killed with SIGKILL in the middle of writes (a crashed machine, an OOM kill): the
 * other keeps serving, and every write either instance acknowledged is still there. Runs in the
 * PostgreSQL pass (TEST_DATABASE=postgres).
 */
import type { Project } from "@portfolio/core/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type Instance, login, onPostgres, startCluster } from "../test/instances.ts";

let cluster: Cluster;

describe.runIf(onPostgres)("an instance killed during writes", () => {
  beforeAll(async () => {
    cluster = await startCluster(2);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  }, 30_000);

  it("leaves the other serving, and no acknowledged write is lost", async () => {
    const [a, b] = cluster.instances as [Instance, Instance];
    const onA = await login(a);
    const onB = b.client(onA.cookies);
    const acknowledged: string[] = [];
    const failuresOnB: string[] = [];
    let killed = false;
    let writesAfterKillOnB = 0;
    let seq = 0;

    // 16 writers, half through each instance, each writing one project after another.
    const writer = async (through: "a" | "b") => {
      const client = through === "a" ? onA : onB;
      for (;;) {
        if (through === "b" && killed && writesAfterKillOnB >= 100) return;
        const title = `Write ${seq++} through ${through}`;
        try {
          const res = await client.post<Project>("/api/projects", {
            title,
            description: "d",
            tags: [],
            isArchived: false,
            isLatest: false,
          });
          if (res.status === 201) {
            acknowledged.push(title);
            if (through === "b" && killed) writesAfterKillOnB++;
          } else if (through === "b") failuresOnB.push(`${res.status} ${res.text}`);
        } catch (error) {
          // The killed instance's connections fail; that is expected of a only.
          if (through === "a") return;
          failuresOnB.push(String(error));
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, i) => writer(i % 2 === 0 ? "a" : "b"));

    // Kill a once both are well into their writes.
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5));
    a.process.kill("SIGKILL");
    killed = true;
    expect(await a.exited).toBe("SIGKILL");
    await Promise.all(writers);

    expect(failuresOnB).toEqual([]);
    expect(writesAfterKillOnB).toBeGreaterThanOrEqual(100);
    expect((await b.client().get("/api/health")).status).toBe(200);
    const titles = new Set(
      (await b.client().get<{ projects: Project[] }>("/api/projects")).body.projects.map((p) => p.title),
    );
    const lost = acknowledged.filter((title) => !titles.has(title));
    expect(lost).toEqual([]);
    expect(acknowledged.some((t) => t.endsWith("through a"))).toBe(true);
  });
});
