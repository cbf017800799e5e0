/**
 * The scenario, end to end, with the real server on 127.0.0.1 and the desktop main called as the
 * renderer calls it: connect and take a snapshot, stop the server, make 20 offline edits, let the web
 * change a field the desktop also changed and another field of a project the desktop changed, restart the
 * server on the same database, sync; then 'Keep mine', a byte-for-byte replay of every push, and a search
 * of every reply for the device token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project, SiteProfile, SyncPushAnswer } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttentionItem, DesktopState } from "../../shared/desktop-operations.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";

let dir: string;
let serverDb: string;
let server: TestServer;
let port: number;
let desktop: TestDesktop;

async function startServer(): Promise<TestServer> {
  return startTestServer({ env: { DATABASE_URL: `file:${serverDb}` }, ...(port ? { port } : {}) });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-scenario-"));
  serverDb = join(dir, "server.db");
  server = await startServer();
  port = Number(new URL(server.url).port);
  desktop = await openTestDesktop({ dir: join(dir, "user-data") });
});
afterAll(async () => {
  await desktop?.main.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const serverProjects = async () => (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
const localProjects = async () => (await desktop.value<{ projects: Project[] }>("projects.list")).projects;
const byTitle = (projects: Project[], title: string) => projects.find((p) => p.title === title);

/** Everything the server holds that a replay could change. */
async function serverFootprint() {
  const db = server.core.db;
  return {
    projects: await db.selectFrom("projects").selectAll().orderBy("id").execute(),
    ops: await db.selectFrom("sync_ops").select(["op_id", "result"]).orderBy("op_id").execute(),
    changes: await db.selectFrom("sync_changes").select("seq").orderBy("seq", "desc").limit(1).execute(),
    profile: await db.selectFrom("settings").selectAll().where("key", "like", "site_profile%").execute(),
  };
}

describe("working offline, then syncing", () => {
  // The fixtures the steps share, in order.
  let snapshot: Project[];
  let conflictId: string;
  let mergedId: string;

  it("connects: a device token, then a full snapshot of the server's projects and profile", async () => {
    const state = await desktop.value<DesktopState>("desktop.connect", {
      serverUrl: server.url,
      username: OWNER.username,
      password: OWNER.password,
    });
    expect(state).toMatchObject({ mode: "connected", online: true, pending: 0, attention: 0, needsSignIn: false });
    expect(state.lastSyncedAt).not.toBeNull();
    snapshot = await serverProjects();
    expect(snapshot).toHaveLength(14);
    const local = await localProjects();
    expect(local.map((p) => [p._id, p.title, p.tags]).sort()).toEqual(
      snapshot.map((p) => [p._id, p.title, p.tags]).sort(),
    );
  });

  it("keeps 20 offline edits in the outbox while the server is stopped", async () => {
    await server.close();
    const [a, b, c, d, e, f, g, h] = snapshot as [
      Project,
      Project,
      Project,
      Project,
      Project,
      Project,
      Project,
      Project,
    ];
    conflictId = a._id;
    mergedId = b._id;
    const edits: [string, Record<string, unknown>][] = [
      ["projects.create", { title: "Offline one", description: "Made on a train.", tags: ["train"] }],
      ["projects.create", { title: "Offline two", description: "Made in a tunnel." }],
      ["projects.create", { title: "Offline three", description: "Made on a plane.", isLatest: true }],
      ["projects.update", { id: a._id, title: "Desk title" }],
      ["projects.update", { id: b._id, tags: ["desk", "merged"] }],
      ["projects.update", { id: c._id, isArchived: true }],
      ["projects.update", { id: c._id, isLatest: true }],
      ["projects.update", { id: d._id, tags: ["one"] }],
      ["projects.update", { id: d._id, tags: ["one", "two"] }],
      ["projects.update", { id: e._id, description: "Rewritten offline." }],
      ["projects.update", { id: e._id, github: "https://github.com/example/offline" }],
      ["projects.update", { id: f._id, isArchived: true, tags: ["old"] }],
      ["projects.delete", { id: g._id }],
      ["projects.delete", { id: h._id }],
    ];
    for (const [operation, input] of edits) await desktop.value(operation, input);
    const created = await localProjects();
    const two = byTitle(created, "Offline two") as Project;
    const three = byTitle(created, "Offline three") as Project;
    await desktop.value("projects.update", { id: two._id, tags: ["tunnel"] });
    await desktop.value("projects.update", { id: three._id, isArchived: true });
    await desktop.value("projects.delete", { id: two._id });
    const profile = await desktop.value<SiteProfile>("profile.get");
    await desktop.value("profile.update", { ...profile, tagline: "Written offline." });
    await desktop.value("profile.update", { ...profile, tagline: "Written offline.", ownerName: "Offline Owner" });
    await desktop.value("projects.update", { id: a._id, description: "Desk description." });

    const state = await desktop.value<DesktopState>("desktop.syncNow");
    expect(state).toMatchObject({
      online: false,
      // 20 edits, plus the two projects whose Latest mark a newer Latest cleared (one Latest at most).
      pending: 22,
      attention: 0,
      lastError: "The server could not be reached.",
    });
    expect(state.pendingEntityIds).toContain(a._id);
    expect(await desktop.call("users.list")).toEqual({
      ok: false,
      status: 503,
      error: "Needs a connection.",
      details: { needsConnection: true },
    });
  });

  let web: TestClient;
  it("meanwhile the web changes the same field of one edited project and another field of another", async () => {
    server = await startServer();
    expect(server.url).toBe(`http://127.0.0.1:${port}`);
    web = await server.login(OWNER.username, OWNER.password);
    const a = snapshot.find((p) => p._id === conflictId) as Project;
    const b = snapshot.find((p) => p._id === mergedId) as Project;
    expect((await web.patch(`/api/projects/${a._id}`, { title: "Web title", version: a.version })).status).toBe(200);
    expect(
      (await web.patch(`/api/projects/${b._id}`, { description: "Web description.", version: b.version })).status,
    ).toBe(200);
  });

  let conflict: AttentionItem;
  it("syncs: every offline edit applied, the other field merged, exactly one conflict with both values", async () => {
    const state = await desktop.value<DesktopState>("desktop.syncNow");
    expect(state).toMatchObject({ online: true, pending: 0, attention: 1, lastError: null });
    expect(state.pendingEntityIds).toEqual([conflictId]);

    const projects = await serverProjects();
    const find = (id: string) => projects.find((p) => p._id === id);
    const [, , c, d, e, f, g, h] = snapshot as Project[];
    expect(byTitle(projects, "Offline one")).toMatchObject({ description: "Made on a train.", tags: ["train"] });
    expect(byTitle(projects, "Offline two")).toBeUndefined();
    // c was marked Latest after "Offline three": one Latest at most, so c is the one.
    expect(byTitle(projects, "Offline three")).toMatchObject({ isLatest: false, isArchived: true });
    expect(projects.filter((p) => p.isLatest).map((p) => p._id)).toEqual([c?._id]);
    expect(find(mergedId)).toMatchObject({ description: "Web description.", tags: ["desk", "merged"] });
    expect(find(c?._id ?? "")).toMatchObject({ isArchived: true, isLatest: true });
    expect(find(d?._id ?? "")).toMatchObject({ tags: ["one", "two"] });
    expect(find(e?._id ?? "")).toMatchObject({
      description: "Rewritten offline.",
      github: "https://github.com/example/offline",
    });
    expect(find(f?._id ?? "")).toMatchObject({ isArchived: true, tags: ["old"] });
    expect(find(g?._id ?? "")).toBeUndefined();
    expect(find(h?._id ?? "")).toBeUndefined();
    // The conflicting op was held back; the other change to that project (its description) went through.
    expect(find(conflictId)).toMatchObject({ title: "Web title", description: "Desk description." });
    const profile = (await server.client().get<SiteProfile>("/api/settings/profile")).body;
    expect(profile).toMatchObject({ tagline: "Written offline.", ownerName: "Offline Owner" });
    // The web's merged description came down to the desktop; the conflicting title stays mine locally.
    const local = await localProjects();
    expect(local.find((p) => p._id === mergedId)).toMatchObject({
      description: "Web description.",
      tags: ["desk", "merged"],
    });
    expect(local.find((p) => p._id === conflictId)).toMatchObject({ title: "Desk title" });
    expect(local).toHaveLength(projects.length);

    const { items } = await desktop.value<{ items: AttentionItem[] }>("desktop.attention");
    expect(items).toHaveLength(1);
    conflict = items[0] as AttentionItem;
    expect(conflict).toMatchObject({
      entity: "project",
      entityId: conflictId,
      title: "Desk title",
      kind: "conflict",
      message: "This was changed on the server since your last sync.",
      fields: ["title"],
      mine: { title: "Desk title" },
      server: { title: "Web title" },
    });
  });

  it("'Keep mine' sends my value again on the server's version, and it lands", async () => {
    await desktop.value<DesktopState>("desktop.keepMine", { opId: conflict.opId });
    const state = await desktop.value<DesktopState>("desktop.syncNow");
    expect(state).toMatchObject({ pending: 0, attention: 0, pendingEntityIds: [] });
    const landed = (await serverProjects()).find((p) => p._id === conflictId);
    expect(landed).toMatchObject({ title: "Desk title", description: "Desk description." });
    expect((await localProjects()).find((p) => p._id === conflictId)).toMatchObject({ title: "Desk title" });
  });

  it("a byte-for-byte replay of every push applies nothing twice", async () => {
    const pushes = desktop.network.requests.filter((r) => r.method === "POST" && r.url.endsWith("/api/sync/push"));
    const sent = pushes.filter((r) => r.body && JSON.parse(r.body).ops.length > 0);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const before = await serverFootprint();
    for (const push of sent) {
      const res = await fetch(push.url, { method: "POST", headers: push.headers, body: push.body });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as SyncPushAnswer;
      expect(answer.results.every((r) => r.status === "duplicate")).toBe(true);
    }
    expect(await serverFootprint()).toEqual(before);
  });

  it("never put the device token in any reply of the whole scenario", async () => {
    const token = await desktop.main.credentials.token();
    expect(token).toMatch(/.{20,}/);
    expect(desktop.replies.length).toBeGreaterThan(30);
    expect(JSON.stringify(desktop.replies)).not.toContain(token as string);
  });
});
