/** The sync protocol over HTTP: push answers per op, whole-request refusals, and pull seeing the web's edits. */
import { randomUUID } from "node:crypto";
import type { SyncOpResult, SyncPullAnswer, SyncPushAnswer } from "@portfolio/core/domain";
import { connectDevice, type DeviceClient, NEW_PROJECT, syncOp } from "@portfolio/testing/server/device-client.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
let device: DeviceClient;
let web: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ device, web } = await connectDevice(server, OWNER.username, OWNER.password));
});
afterAll(async () => {
  await server.close();
});

async function results(res: { status: number; body: unknown }): Promise<SyncOpResult[]> {
  expect(res.status).toBe(200);
  return (res.body as SyncPushAnswer).results;
}

describe("POST /api/sync/push", () => {
  it("applies ops and a byte-for-byte replay applies nothing twice", async () => {
    const id = randomUUID();
    const body = JSON.stringify({
      clientId: "desktop-1",
      schemaVersion: 1,
      ops: [syncOp({ entityId: id, fields: NEW_PROJECT }), syncOp({ entityId: id, fields: { isLatest: true } })],
    });
    const first = await results(await device.call("POST", "/api/sync/push", body));
    expect(first.map((r) => r.status)).toEqual(["applied", "applied"]);
    const replay = await results(await device.call("POST", "/api/sync/push", body));
    expect(replay).toEqual(first.map((original) => ({ opId: original.opId, status: "duplicate", original })));
    const listed = await web.get<{ projects: { _id: string; version: number; isLatest: boolean }[] }>("/api/projects");
    // The public list shows the pushed project at once (its cache is dropped by the push).
    expect(listed.body.projects.find((p) => p._id === id)).toMatchObject({ version: 2, isLatest: true });
  });

  it("reports a conflict with the web's edit of the same field and merges a different field", async () => {
    const id = randomUUID();
    await device.push([syncOp({ entityId: id, fields: NEW_PROJECT })]);
    const webEdit = await web.patch(`/api/projects/${id}`, { title: "Web title", version: 1 });
    expect(webEdit.status).toBe(200);
    const answer = await results(
      await device.push([
        syncOp({ entityId: id, fields: { title: "Desk title" }, baseVersion: 1 }),
        syncOp({ entityId: id, fields: { tags: ["merged"] }, baseVersion: 1 }),
      ]),
    );
    expect(answer[0]).toMatchObject({
      status: "conflict",
      fields: ["title"],
      server: { _id: id, title: "Web title" },
      serverVersion: 2,
    });
    expect(answer[1]).toMatchObject({ status: "applied", version: 3 });
  });

  it("rejects an op the API would refuse, with its message, and applies the rest", async () => {
    const answer = await results(
      await device.push([
        syncOp({ entityId: randomUUID(), fields: { ...NEW_PROJECT, github: "ftp://example.com" } }),
        syncOp({ entityId: randomUUID(), fields: NEW_PROJECT }),
      ]),
    );
    expect(answer[0]).toMatchObject({ status: "rejected", message: "Code link (github) must be an http(s) URL." });
    expect(answer[1]).toMatchObject({ status: "applied" });
  });

  it("answers 413 to more than 500 ops, with a clear message, applying none", async () => {
    const ops = Array.from({ length: 501 }, () => syncOp({ entityId: randomUUID(), fields: NEW_PROJECT }));
    const res = await device.push(ops);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "A push carries at most 500 ops: send the rest in another push." });
    const applied = await server.core.db
      .selectFrom("projects")
      .select("id")
      .where(
        "id",
        "in",
        ops.map((o) => o.entityId),
      )
      .execute();
    expect(applied).toEqual([]);
  });

  it("accepts a push larger than the API's usual body limit (100 kB)", async () => {
    const description = "d".repeat(1000);
    const ops = Array.from({ length: 120 }, () =>
      syncOp({ entityId: randomUUID(), fields: { ...NEW_PROJECT, description } }),
    );
    expect(JSON.stringify(ops).length).toBeGreaterThan(120_000);
    const answer = await results(await device.push(ops));
    expect(answer.filter((r) => r.status === "applied")).toHaveLength(120);
  });

  it("answers 409 to another schemaVersion, naming the side to update, applying nothing", async () => {
    const op = syncOp({ entityId: randomUUID(), fields: NEW_PROJECT });
    const older = await device.push([op], { schemaVersion: 0 });
    expect(older.status).toBe(409);
    expect(older.body).toEqual({ error: "Update the desktop app: the server speaks a newer sync protocol." });
    const newer = await device.push([op], { schemaVersion: 2 });
    expect(newer.status).toBe(409);
    expect(newer.body).toEqual({ error: "Update the server: the desktop app speaks a newer sync protocol." });
    const stored = await server.core.db.selectFrom("sync_ops").select("op_id").where("op_id", "=", op.opId).execute();
    expect(stored).toEqual([]);
  });

  it("answers 400 naming the field for a malformed body", async () => {
    const res = await device.call("POST", "/api/sync/push", { schemaVersion: 1, ops: [] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "clientId is required." });
    const extra = await device.call("POST", "/api/sync/push", { clientId: "a", schemaVersion: 1, ops: [], x: 1 });
    expect(extra.body).toEqual({ error: "Unknown body field: x." });
  });

  it("is 401 without a credential", async () => {
    const res = await server.client().post("/api/sync/push", { clientId: "a", schemaVersion: 1, ops: [] });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/sync/pull", () => {
  it("starts with a snapshot, then shows every web edit made after the cursor", async () => {
    const first = await device.call<SyncPullAnswer>("GET", "/api/sync/pull");
    expect(first.status).toBe(200);
    expect(first.body.reset).toBe(true);
    expect(first.body.changes.filter((c) => c.entity === "project").length).toBeGreaterThanOrEqual(14);

    const created = await web.post<{ _id: string }>("/api/projects", { title: "From the web", description: "Hi." });
    const profile = await web.get("/api/settings/profile");
    await web.patch("/api/admin/settings/profile", { ...profile.body, tagline: "Edited on the web" });
    const next = await device.call<SyncPullAnswer>(
      "GET",
      `/api/sync/pull?since=${encodeURIComponent(first.body.cursor)}`,
    );
    expect(next.body.reset).toBeUndefined();
    expect(next.body.changes).toMatchObject([
      { entity: "project", entityId: created.body._id, deleted: false, row: { title: "From the web" } },
      { entity: "profile", entityId: "profile", row: { tagline: "Edited on the web" } },
    ]);
  });

  it("pages with limit and hasMore", async () => {
    const { body: start } = await device.call<SyncPullAnswer>("GET", "/api/sync/pull");
    for (const title of ["P1", "P2", "P3"]) await web.post("/api/projects", { title, description: "x" });
    const page = await device.call<SyncPullAnswer>(
      "GET",
      `/api/sync/pull?since=${encodeURIComponent(start.cursor)}&limit=2`,
    );
    expect(page.body.changes.map((c) => c.row && "title" in c.row && c.row.title)).toEqual(["P1", "P2"]);
    expect(page.body.hasMore).toBe(true);
    const rest = await device.call<SyncPullAnswer>(
      "GET",
      `/api/sync/pull?since=${encodeURIComponent(page.body.cursor)}&limit=2`,
    );
    expect(rest.body.changes.map((c) => c.row && "title" in c.row && c.row.title)).toEqual(["P3"]);
    expect(rest.body.hasMore).toBe(false);
  });

  it("answers a snapshot flagged reset for an unknown cursor", async () => {
    const res = await device.call<SyncPullAnswer>("GET", "/api/sync/pull?since=not-a-cursor");
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(true);
  });

  it("refuses a bad limit with 400 naming it", async () => {
    const res = await device.call("GET", "/api/sync/pull?limit=abc");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "limit must be 1 to 5000." });
  });
});

describe("retention (SYNC_RETENTION_DAYS)", () => {
  it("prunes replay records past it, and a desktop whose cursor predates the pruned log pulls a snapshot", async () => {
    const own = await startTestServer({ env: { SYNC_RETENTION_DAYS: "7" } });
    try {
      const { device: desk, web: site } = await connectDevice(own, OWNER.username, OWNER.password);
      const pushed = syncOp({ entityId: randomUUID(), fields: NEW_PROJECT });
      await desk.push([pushed]);
      const { body: first } = await desk.call<SyncPullAnswer>("GET", "/api/sync/pull");
      const created = await site.post<{ _id: string }>("/api/projects", { title: "Old news", description: "x" });
      await site.patch(`/api/projects/${created.body._id}`, { title: "Older news", version: 1 });
      own.clock.advance(8 * 24 * 60 * 60 * 1000);

      const stale = await desk.call<SyncPullAnswer>("GET", `/api/sync/pull?since=${encodeURIComponent(first.cursor)}`);
      expect(stale.status).toBe(200);
      expect(stale.body.reset).toBe(true);
      expect(stale.body.changes.find((c) => c.entityId === created.body._id)).toMatchObject({
        row: { title: "Older news" },
      });
      const replays = await own.core.db.selectFrom("sync_ops").select("op_id").execute();
      expect(replays).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
