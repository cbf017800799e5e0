import { randomUUID } from "node:crypto";
import {
  addUser,
  asWeb,
  call,
  createSyncFixture,
  NEW_PROJECT,
  op,
  profileOp,
  push,
  type SyncFixture,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Project } from "../domain/projects.ts";
import { SYNC_MAX_OPS, SYNC_MESSAGES, SYNC_SCHEMA_VERSION, type SyncConflict } from "../domain/sync.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

/** A project the desktop created and pushed: version 1 on the server. */
async function pushedProject(fields: Record<string, unknown> = NEW_PROJECT) {
  const id = randomUUID();
  const [result] = await push(f.core, f.owner, [op({ entityId: id, fields })]);
  expect(result).toMatchObject({ status: "applied", version: 1 });
  return id;
}

async function project(id: string): Promise<Project | undefined> {
  const { projects } = await call(f.core, f.owner, "projects.list");
  return projects.find((p) => p._id === id);
}

const webEdit = (id: string, body: Record<string, unknown>) =>
  call(f.core, asWeb(f.owner), "projects.update", { params: { id }, body });

describe("push: applied", () => {
  it("creates a project with the id the desktop chose", async () => {
    const id = await pushedProject();
    expect(await project(id)).toMatchObject({ _id: id, title: "Sync bot", tags: ["bot"], version: 1 });
  });

  it("applies an edit of only the fields sent and answers the new version", async () => {
    const id = await pushedProject();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Renamed" }, baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "applied", version: 2 });
    expect(await project(id)).toMatchObject({ title: "Renamed", description: "Made offline.", version: 2 });
  });

  it("clears a link sent as null", async () => {
    const id = await pushedProject({ ...NEW_PROJECT, github: "https://github.com/a/b" });
    await push(f.core, f.owner, [op({ entityId: id, fields: { github: null }, baseVersion: 1 })]);
    expect((await project(id))?.github).toBeUndefined();
  });

  it("applies a create and its later edits pushed together with the same base (its own ops never conflict)", async () => {
    const id = randomUUID();
    const results = await push(f.core, f.owner, [
      op({ entityId: id, fields: NEW_PROJECT }),
      op({ entityId: id, fields: { title: "Second" } }),
      op({ entityId: id, fields: { title: "Third", isArchived: true } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["applied", "applied", "applied"]);
    expect(await project(id)).toMatchObject({ title: "Third", isArchived: true, version: 3 });
  });

  it("deletes a project nobody changed since the base", async () => {
    const id = await pushedProject();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, kind: "delete", baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "applied", version: 2 });
    expect(await project(id)).toBeUndefined();
  });

  it("answers applied to a delete of a project already deleted on the server (nothing is lost)", async () => {
    const id = await pushedProject();
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id } });
    const [result] = await push(f.core, f.owner, [op({ entityId: id, kind: "delete", baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "applied", version: 2 });
  });

  it("changes the site profile's sent fields and keeps the others", async () => {
    const [result] = await push(f.core, f.owner, [profileOp({ tagline: "Offline tagline" }, 0)]);
    expect(result).toMatchObject({ status: "applied", version: 1 });
    const profile = await call(f.core, f.owner, "profile.get");
    expect(profile.tagline).toBe("Offline tagline");
    expect(profile.ownerName).toBe("Alex Morgan");
  });
});

describe("push: duplicate", () => {
  it("answers a replayed op with its stored result and applies nothing again", async () => {
    const id = randomUUID();
    const ops = [op({ entityId: id, fields: NEW_PROJECT }), op({ entityId: id, fields: { title: "Again" } })];
    const first = await push(f.core, f.owner, ops);
    const replay = await push(f.core, f.owner, ops);
    expect(replay).toEqual(first.map((original) => ({ opId: original.opId, status: "duplicate", original })));
    expect(await project(id)).toMatchObject({ title: "Again", version: 2 });
    const changes = await f.core.db.selectFrom("sync_changes").select("seq").where("entity_id", "=", id).execute();
    expect(changes).toHaveLength(2);
  });

  it("answers the same op twice in one push once", async () => {
    const same = op({ entityId: randomUUID(), fields: NEW_PROJECT });
    const [first, second] = await push(f.core, f.owner, [same, same]);
    expect(first).toMatchObject({ status: "applied" });
    expect(second).toEqual({ opId: same.opId, status: "duplicate", original: first });
  });

  it("stores rejections too: a replay answers the same rejection", async () => {
    const bad = op({ entityId: randomUUID(), fields: { title: "" } });
    const [first] = await push(f.core, f.owner, [bad]);
    const [again] = await push(f.core, f.owner, [bad]);
    expect(first).toEqual({ opId: bad.opId, status: "rejected", message: "Title is required." });
    expect(again).toEqual({ opId: bad.opId, status: "duplicate", original: first });
  });

  it("refuses an op id another account already used, without showing its result", async () => {
    const taken = op({ entityId: randomUUID(), fields: NEW_PROJECT });
    await push(f.core, f.owner, [taken]);
    const [result] = await push(f.core, f.admin, [taken]);
    expect(result).toEqual({ opId: taken.opId, status: "rejected", message: SYNC_MESSAGES.opIdTaken });
  });
});

describe("push: conflict and merge", () => {
  it("reports a field changed on the web since the base, with the server row, and applies nothing", async () => {
    const id = await pushedProject();
    await webEdit(id, { title: "Web title" });
    const [result] = await push(f.core, f.owner, [
      op({ entityId: id, fields: { title: "Desk title" }, baseVersion: 1 }),
    ]);
    expect(result).toMatchObject({
      status: "conflict",
      message: SYNC_MESSAGES.changedOnServer,
      fields: ["title"],
      serverVersion: 2,
      server: { _id: id, title: "Web title", version: 2 },
    });
    expect((await project(id))?.title).toBe("Web title");
  });

  it("merges a change to a different field than the web's", async () => {
    const id = await pushedProject();
    await webEdit(id, { title: "Web title" });
    const [result] = await push(f.core, f.owner, [
      op({ entityId: id, fields: { description: "Desk text" }, baseVersion: 1 }),
    ]);
    expect(result).toMatchObject({ status: "applied", version: 3 });
    expect(await project(id)).toMatchObject({ title: "Web title", description: "Desk text" });
  });

  it("is no conflict when both sides set the same value", async () => {
    const id = await pushedProject();
    await webEdit(id, { title: "Same" });
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Same" }, baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "applied" });
  });

  it("lands 'Keep mine' re-sent with the server's version as base", async () => {
    const id = await pushedProject();
    await webEdit(id, { title: "Web title" });
    const [conflict] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Mine" }, baseVersion: 1 })]);
    const base = (conflict as SyncConflict).serverVersion;
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Mine" }, baseVersion: base })]);
    expect(result).toMatchObject({ status: "applied", version: 3 });
    expect((await project(id))?.title).toBe("Mine");
  });

  it("sees another desktop's change as a conflict", async () => {
    const id = await pushedProject();
    await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Laptop" }, baseVersion: 1 })], "laptop");
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Desktop" }, baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "conflict", fields: ["title"] });
  });

  it("reports a profile field changed on the web since the base, and merges the others", async () => {
    const profile = await call(f.core, f.owner, "profile.get");
    await call(f.core, asWeb(f.owner), "profile.update", { body: { ...profile, tagline: "Web tagline" } });
    const [clash, merge] = await push(f.core, f.owner, [
      profileOp({ tagline: "Desk tagline" }, 0),
      profileOp({ ownerName: "Desk Name" }, 0),
    ]);
    expect(clash).toMatchObject({ status: "conflict", fields: ["tagline"], serverVersion: 1 });
    expect((clash as SyncConflict).server).toMatchObject({ tagline: "Web tagline" });
    expect(merge).toMatchObject({ status: "applied", version: 2 });
    expect(await call(f.core, f.owner, "profile.get")).toMatchObject({
      tagline: "Web tagline",
      ownerName: "Desk Name",
    });
  });
});

describe("push: deletes take part", () => {
  it("a delete of a project edited on the web since the base is a conflict, and the project stays", async () => {
    const id = await pushedProject();
    await webEdit(id, { description: "Edited on the web" });
    const [result] = await push(f.core, f.owner, [op({ entityId: id, kind: "delete", baseVersion: 1 })]);
    expect(result).toMatchObject({
      status: "conflict",
      message: SYNC_MESSAGES.editedBeforeDelete,
      fields: ["description"],
      serverVersion: 2,
      server: { description: "Edited on the web" },
    });
    expect(await project(id)).toBeDefined();
  });

  it("an edit of a project deleted on the web is a conflict: never a silent resurrection", async () => {
    const id = await pushedProject();
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id } });
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Edited" }, baseVersion: 1 })]);
    expect(result).toEqual({
      opId: expect.any(String),
      status: "conflict",
      message: SYNC_MESSAGES.deletedOnServer,
      fields: ["title"],
      server: null,
      serverVersion: 2,
    });
    expect(await project(id)).toBeUndefined();
  });

  it("'Keep mine' on a deleted project restores it, its versions continuing", async () => {
    const id = await pushedProject();
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id } });
    const [result] = await push(f.core, f.owner, [
      op({ entityId: id, fields: { ...NEW_PROJECT, title: "Restored" }, baseVersion: 2 }),
    ]);
    expect(result).toMatchObject({ status: "applied", version: 3 });
    expect(await project(id)).toMatchObject({ title: "Restored", version: 3 });
  });

  it("a project a desktop brings back after its delete leaves the server's trash (it lives again)", async () => {
    const id = await pushedProject();
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id } });
    await push(f.core, f.owner, [op({ entityId: id, fields: { ...NEW_PROJECT, title: "Back" }, baseVersion: 2 })]);
    const trash = await f.core.db.selectFrom("trash").select("id").where("id", "=", id).execute();
    expect(trash).toEqual([]);
  });

  it("a create reusing a trashed project's id, by one who may create but not delete, is rejected", async () => {
    const id = await pushedProject();
    await call(f.core, asWeb(f.owner), "projects.delete", { params: { id } });
    const creator = await addUser(f.core, "creator", ["website:admin:view", "projects:view", "projects:create"]);
    const [result] = await push(f.core, creator, [op({ entityId: id, fields: { ...NEW_PROJECT, title: "Mine now" } })]);
    expect(result).toMatchObject({ status: "rejected", message: SYNC_MESSAGES.trashedProject });
    const trash = await f.core.db.selectFrom("trash").select("title").where("id", "=", id).execute();
    expect(trash).toEqual([{ title: "Sync bot" }]);
    expect(await project(id)).toBeUndefined();
  });

  it("'Keep mine' on a delete conflict re-deletes with the server's version as base", async () => {
    const id = await pushedProject();
    await webEdit(id, { title: "Web" });
    const [result] = await push(f.core, f.owner, [op({ entityId: id, kind: "delete", baseVersion: 2 })]);
    expect(result).toMatchObject({ status: "applied", version: 3 });
    expect(await project(id)).toBeUndefined();
  });
});

describe("push: rejected", () => {
  it("rejects an invalid field with the API's message and carries on with the next op", async () => {
    const id = randomUUID();
    const results = await push(f.core, f.owner, [
      op({ entityId: id, fields: { ...NEW_PROJECT, title: "x".repeat(201) } }),
      op({ entityId: randomUUID(), fields: NEW_PROJECT }),
    ]);
    expect(results[0]).toMatchObject({ status: "rejected", message: "Title must be at most 200 characters." });
    expect(results[1]).toMatchObject({ status: "applied" });
    expect(await project(id)).toBeUndefined();
  });

  it("rejects what the user may not do, with the policy's message", async () => {
    const [created] = await push(f.core, f.moderator, [op({ entityId: randomUUID(), fields: NEW_PROJECT })]);
    expect(created).toMatchObject({ status: "rejected", message: "You do not have permission to create projects." });
    const [profile] = await push(f.core, f.admin, [profileOp({ tagline: "No" }, 0)]);
    expect(profile).toMatchObject({ status: "rejected", message: "Only the owner can change the site profile." });
  });

  it("rejects a field that is not a project field", async () => {
    const id = await pushedProject();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { version: 7 }, baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "rejected", message: "Unknown project field: version." });
  });

  it("rejects an edit whose baseVersion is newer than the server's, changing nothing", async () => {
    const id = await pushedProject();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: { title: "Ahead" }, baseVersion: 5 })]);
    expect(result).toMatchObject({
      status: "rejected",
      message: "baseVersion 5 is newer than the server's version 1.",
    });
    expect(await project(id)).toMatchObject({ title: "Sync bot", version: 1 });
  });

  it("rejects a delete whose baseVersion is newer than the server's, keeping the project", async () => {
    const id = await pushedProject();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, kind: "delete", baseVersion: 2 })]);
    expect(result).toMatchObject({
      status: "rejected",
      message: "baseVersion 2 is newer than the server's version 1.",
    });
    expect(await project(id)).toMatchObject({ version: 1 });
  });

  it("rejects an upsert of an unknown project with a baseVersion the server never gave out", async () => {
    const id = randomUUID();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields: NEW_PROJECT, baseVersion: 3 })]);
    expect(result).toMatchObject({
      status: "rejected",
      message: "baseVersion 3 is newer than the server's version 0.",
    });
    expect(await project(id)).toBeUndefined();
  });

  it("rejects a profile op whose baseVersion is newer than the profile's", async () => {
    const [result] = await push(f.core, f.owner, [profileOp({ tagline: "Ahead" }, 4)]);
    expect(result).toMatchObject({
      status: "rejected",
      message: "baseVersion 4 is newer than the server's version 0.",
    });
    expect((await call(f.core, f.owner, "profile.get")).tagline).not.toBe("Ahead");
  });

  it("rejects a __proto__ field as an unknown field instead of dropping it", async () => {
    const fields = JSON.parse('{"title":"Proto","description":"D","__proto__":{"isLatest":true}}');
    const id = randomUUID();
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields })]);
    expect(result).toMatchObject({ status: "rejected", message: "Unknown project field: __proto__." });
    expect(await project(id)).toBeUndefined();
  });

  it("names at most three unknown fields, each cut short, in what it stores", async () => {
    const id = await pushedProject();
    const fields = { ["x".repeat(60)]: 1, b: 2, c: 3, d: 4, e: 5 };
    const [result] = await push(f.core, f.owner, [op({ entityId: id, fields, baseVersion: 1 })]);
    expect(result).toMatchObject({
      status: "rejected",
      message: `Unknown project field: ${"x".repeat(40)}…, b, c and 2 more.`,
    });
  });

  it("rejects a delete of a project that never existed", async () => {
    const [result] = await push(f.core, f.owner, [op({ entityId: randomUUID(), kind: "delete", baseVersion: 1 })]);
    expect(result).toMatchObject({ status: "rejected", message: "Project not found." });
  });

  it("rejects deleting the site profile", async () => {
    const [result] = await push(f.core, f.owner, [
      op({ entity: "profile", entityId: "profile", kind: "delete", baseVersion: 0 }),
    ]);
    expect(result).toMatchObject({ status: "rejected", message: SYNC_MESSAGES.profileDelete });
  });
});

describe("push: the request", () => {
  const body = (ops: unknown[], schemaVersion = SYNC_SCHEMA_VERSION) => ({
    body: { clientId: "desktop-1", schemaVersion, ops },
  });

  it("refuses more than 500 ops with 413 and applies none", async () => {
    const ops = Array.from({ length: SYNC_MAX_OPS + 1 }, () => op({ entityId: randomUUID(), fields: NEW_PROJECT }));
    await expect(call(f.core, f.owner, "sync.push", body(ops))).rejects.toMatchObject({
      kind: "too_large",
      message: "A push carries at most 500 ops: send the rest in another push.",
    });
    expect(await f.core.db.selectFrom("sync_ops").select("op_id").execute()).toEqual([]);
  });

  it("refuses another protocol version with 409, saying which side to update", async () => {
    const ops = [op({ entityId: randomUUID(), fields: NEW_PROJECT })];
    await expect(call(f.core, f.owner, "sync.push", body(ops, 0))).rejects.toMatchObject({
      kind: "conflict",
      message: "Update the desktop app: the server speaks a newer sync protocol.",
    });
    await expect(call(f.core, f.owner, "sync.push", body(ops, SYNC_SCHEMA_VERSION + 1))).rejects.toMatchObject({
      kind: "conflict",
      message: "Update the server: the desktop app speaks a newer sync protocol.",
    });
    expect(await f.core.db.selectFrom("sync_ops").select("op_id").execute()).toEqual([]);
  });

  it("refuses a malformed op with 400 naming it, applying nothing", async () => {
    const good = op({ entityId: randomUUID(), fields: NEW_PROJECT });
    await expect(
      call(f.core, f.owner, "sync.push", body([good, { ...good, opId: "not-a-uuid" }])),
    ).rejects.toMatchObject({ kind: "invalid", message: "ops[1]: opId must be a UUID." });
    expect(await project(good.entityId)).toBeUndefined();
  });
});
