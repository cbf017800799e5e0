/**
 * docs/security.md, promise 27: replay records and change-log entries older than SYNC_RETENTION_DAYS are pruned, each entity's
 * newest change kept, and a desktop whose cursor predates the pruned log gets the reset snapshot.
 */
import { randomUUID } from "node:crypto";
import {
  asWeb,
  call,
  createSyncFixture,
  NEW_PROJECT,
  op,
  pull,
  push,
  type SyncFixture,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Project } from "../domain/projects.ts";
import { PRUNE_INTERVAL_MS, pruneSyncLog, pruneSyncLogIfDue } from "./retention.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = 30 * DAY_MS;

let f: SyncFixture;
let offsetMs: number;
beforeEach(async () => {
  f = await createSyncFixture();
  offsetMs = 0;
  f.core.now = () => new Date(Date.now() + offsetMs);
  f.core.config.syncRetentionMs = RETENTION_MS;
});
afterEach(async () => {
  await f.close();
});

const create = (title: string): Promise<Project> =>
  call(f.core, asWeb(f.owner), "projects.create", { body: { ...NEW_PROJECT, title } });
const edit = (id: string, title: string, version: number) =>
  call(f.core, asWeb(f.owner), "projects.update", { params: { id }, body: { title, version } });

async function changeVersions(): Promise<[string, number][]> {
  const rows = await f.core.db.selectFrom("sync_changes").select(["entity_id", "version"]).orderBy("seq").execute();
  return rows.map((r) => [r.entity_id, r.version]);
}

describe("pruneSyncLog", () => {
  it("deletes replay records applied before the cutoff and keeps newer ones", async () => {
    const [old] = await push(f.core, f.owner, [op({ entityId: randomUUID(), fields: NEW_PROJECT })]);
    offsetMs = 10 * DAY_MS;
    const [recent] = await push(f.core, f.owner, [op({ entityId: randomUUID(), fields: NEW_PROJECT })]);
    const result = await pruneSyncLog(f.core.db, new Date(Date.now() + 5 * DAY_MS));
    expect(result.ops).toBe(1);
    const kept = await f.core.db.selectFrom("sync_ops").select("op_id").execute();
    expect(kept.map((r) => r.op_id)).toEqual([recent?.opId]);
    expect(kept.map((r) => r.op_id)).not.toContain(old?.opId);
  });

  it("deletes change-log entries before the cutoff but keeps each entity's newest, a deletion included", async () => {
    const a = await create("A");
    await edit(a._id, "A2", 1);
    await edit(a._id, "A3", 2);
    const b = await create("B");
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id: b._id } });
    const result = await pruneSyncLog(f.core.db, new Date(Date.now() + DAY_MS));
    expect(result.changes).toBe(3);
    expect(await changeVersions()).toEqual([
      [a._id, 3],
      [b._id, 2],
    ]);
  });

  it("still sees an edit of a long-deleted project as deleted on the server", async () => {
    const id = randomUUID();
    await push(f.core, f.owner, [op({ entityId: id, fields: NEW_PROJECT })]);
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id } });
    await pruneSyncLog(f.core.db, new Date(Date.now() + DAY_MS));
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Late" }, baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "conflict", server: null, serverVersion: 2 });
  });
});

describe("pruneSyncLogIfDue", () => {
  it("prunes on the first call, then not again within the hour, then again after it", async () => {
    expect(await pruneSyncLogIfDue(f.core)).toEqual({ ops: 0, changes: 0 });
    offsetMs = PRUNE_INTERVAL_MS - 1000;
    expect(await pruneSyncLogIfDue(f.core)).toBeUndefined();
    offsetMs = PRUNE_INTERVAL_MS;
    expect(await pruneSyncLogIfDue(f.core)).toEqual({ ops: 0, changes: 0 });
  });

  it("prunes what is older than the retention when a push comes after it", async () => {
    const [old] = await push(f.core, f.owner, [op({ entityId: randomUUID(), fields: NEW_PROJECT })]);
    offsetMs = RETENTION_MS + DAY_MS;
    await push(f.core, f.owner, [op({ entityId: randomUUID(), fields: NEW_PROJECT })]);
    const ids = (await f.core.db.selectFrom("sync_ops").select("op_id").execute()).map((r) => r.op_id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(old?.opId);
  });
});

describe("pull after a prune", () => {
  it("answers the reset snapshot to a cursor from before the pruned log, and changes to a later one", async () => {
    const a = await create("A");
    const { cursor: before } = await pull(f.core, f.owner);
    await edit(a._id, "A2", 1);
    await edit(a._id, "A3", 2);
    const { cursor: after } = await pull(f.core, f.owner, { since: before });
    offsetMs = RETENTION_MS + DAY_MS;
    const stale = await pull(f.core, f.owner, { since: before });
    expect(stale.reset).toBe(true);
    expect(stale.changes.find((c) => c.entityId === a._id)).toMatchObject({ row: { title: "A3" }, version: 3 });
    const current = await pull(f.core, f.owner, { since: after });
    expect(current.reset).toBeUndefined();
    expect(current.changes).toEqual([]);
  });
});
