/**
 * One Latest project at most: marking a project Latest, by an edit or at creation, clears the one
 * marked before, in the same transaction, and the change log carries the cleared project too, so the
 * desktop's pull sees it. Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL.
 */
import type { Project, SyncPullAnswer } from "@portfolio/core/domain";
import { connectDevice, type DeviceClient, syncOp } from "@portfolio/testing/server/device-client.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let web: TestClient;
let device: DeviceClient;
beforeEach(async () => {
  server = await startTestServer();
  ({ web, device } = await connectDevice(server, OWNER.username, OWNER.password));
});
afterEach(async () => {
  await server.close();
});

async function projects(): Promise<Project[]> {
  return (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
}

async function latestTitles(): Promise<string[]> {
  return (await projects()).filter((p) => p.isLatest).map((p) => p.title);
}

async function create(title: string, isLatest = false): Promise<Project> {
  const res = await web.post<Project>("/api/projects", { title, description: "D", isLatest });
  expect(res.status).toBe(201);
  return res.body;
}

async function pullCursor(): Promise<string> {
  return (await device.call<SyncPullAnswer>("GET", "/api/sync/pull")).body.cursor;
}

describe("at most one Latest project", () => {
  it("setting a second project as Latest clears the first", async () => {
    const first = await create("First");
    const second = await create("Second");
    expect((await web.patch(`/api/projects/${first._id}`, { isLatest: true })).status).toBe(200);
    expect(await latestTitles()).toEqual(["First"]);
    const edited = await web.patch<Project>(`/api/projects/${second._id}`, { isLatest: true });
    expect(edited.status).toBe(200);
    expect(edited.body.isLatest).toBe(true);
    expect(await latestTitles()).toEqual(["Second"]);
  });

  it("creating a project as Latest clears the one marked before (the seeded one)", async () => {
    const [seeded] = await latestTitles();
    expect(seeded).toBeDefined();
    await create("Brand new", true);
    expect(await latestTitles()).toEqual(["Brand new"]);
  });

  it("the cleared project moves to its next version and keeps its other fields", async () => {
    const first = await create("First", true);
    await create("Second", true);
    const cleared = (await projects()).find((p) => p._id === first._id);
    expect(cleared).toMatchObject({ title: "First", description: "D", isLatest: false, version: 2 });
    // An editor still holding version 1 of the cleared project is told it changed elsewhere.
    const stale = await web.patch(`/api/projects/${first._id}`, { title: "Mine", version: 1 });
    expect(stale.status).toBe(409);
  });

  it("an edit that leaves a project Latest keeps it the only one", async () => {
    const only = await create("Only", true);
    const edited = await web.patch<Project>(`/api/projects/${only._id}`, { title: "Only, renamed" });
    expect(edited.body.isLatest).toBe(true);
    expect(await latestTitles()).toEqual(["Only, renamed"]);
  });

  it("two editors marking two projects Latest at the same moment end with exactly one", async () => {
    const made = await Promise.all(["A", "B", "C", "D"].map((title) => create(title)));
    const answers = await Promise.all(made.map((p) => web.patch(`/api/projects/${p._id}`, { isLatest: true })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await latestTitles()).toHaveLength(1);
  });

  it("the desktop's pull carries the cleared project with isLatest false", async () => {
    const first = await create("First", true);
    const cursor = await pullCursor();
    const second = await create("Second", true);
    const pulled = await device.call<SyncPullAnswer>("GET", `/api/sync/pull?since=${encodeURIComponent(cursor)}`);
    expect(pulled.status).toBe(200);
    const byId = new Map(pulled.body.changes.map((change) => [change.entityId, change]));
    expect(byId.get(first._id)).toMatchObject({ deleted: false, version: 2, row: { isLatest: false } });
    expect(byId.get(second._id)).toMatchObject({ row: { isLatest: true } });
  });

  it("a desktop push marking a project Latest clears the web's Latest too", async () => {
    const webLatest = await create("Web latest", true);
    const desk = await create("Desk");
    const pushed = await device.push([
      syncOp({ entityId: desk._id, fields: { isLatest: true }, baseVersion: desk.version }),
    ]);
    expect(pushed.status).toBe(200);
    expect(await latestTitles()).toEqual(["Desk"]);
    expect((await projects()).find((p) => p._id === webLatest._id)?.isLatest).toBe(false);
  });

  it("a desktop's later op never conflicts with the clearing its own earlier op caused", async () => {
    const previous = await create("Previous latest", true);
    const desk = await create("Desk");
    const pushed = await device.push([
      syncOp({ entityId: desk._id, fields: { isLatest: true }, baseVersion: desk.version }),
      syncOp({ entityId: previous._id, kind: "delete", baseVersion: previous.version }),
    ]);
    expect((pushed.body as { results: { status: string }[] }).results.map((r) => r.status)).toEqual([
      "applied",
      "applied",
    ]);
    expect((await projects()).some((p) => p._id === previous._id)).toBe(false);
  });

  it("the audit log records the cleared project as an edit by the same editor", async () => {
    const first = await create("First", true);
    await create("Second", true);
    const audit = await web.get<{
      entries: { action: string; actorName: string; targetId: string; details: object }[];
    }>("/api/admin/audit?kind=project");
    const cleared = audit.body.entries.find((e) => e.action === "project.edit" && e.targetId === first._id);
    expect(cleared).toMatchObject({
      actorName: OWNER.username,
      details: { title: "First", before: { isLatest: true }, after: { isLatest: false } },
    });
  });
});
