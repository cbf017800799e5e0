/**
 * Nothing is lost for good, for projects. docs/security.md, promise 32: every edit keeps a version that can be
 * restored (a restore is an edit: history, audit, sync, 409 on a stale baseVersion), and a delete goes to a
 * trash for TRASH_RETENTION_DAYS, restorable or purged only by those allowed to delete.
 */
// docs/security.md, promise 32
import type { AuditLogAnswer, Project, ProjectHistoryAnswer, TrashAnswer } from "@portfolio/core/domain";
import { purgeExpiredTrash } from "@portfolio/core/services";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
let project: Project;
beforeEach(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
  project = (
    await accounts.as.owner.post<Project>("/api/projects", {
      title: "Atlas",
      description: "Maps",
      github: "https://github.com/me/atlas",
      tags: ["ts"],
    })
  ).body;
  await accounts.as.owner.patch(`/api/projects/${project._id}`, { title: "Atlas 2" });
  await accounts.as.admin.patch(`/api/projects/${project._id}`, { description: "Better maps", github: "" });
});
afterEach(async () => {
  await server.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function history(query = ""): Promise<ProjectHistoryAnswer> {
  const res = await accounts.as.owner.get<ProjectHistoryAnswer>(`/api/projects/${project._id}/history${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function lastAudit() {
  return (await accounts.as.owner.get<AuditLogAnswer>("/api/admin/audit?limit=1")).body.entries[0];
}

describe("GET /api/projects/{id}/history", () => {
  it("lists every version newest first, with who, when, and the whole project after that change", async () => {
    const { items, next } = await history();
    expect(next).toBeNull();
    expect(items.map((i) => [i.version, i.action, i.actor?.username])).toEqual([
      [3, "edit", "admin1"],
      [2, "edit", "owner"],
      [1, "create", "owner"],
    ]);
    expect(items[0]?.fields).toEqual({
      title: "Atlas 2",
      description: "Better maps",
      github: null,
      externalLink: null,
      tags: ["ts"],
      isArchived: false,
      isLatest: false,
      // Made from the first title and kept when the title changed.
      slug: "atlas",
      longDescription: "",
      pictures: [],
    });
    expect(items[2]?.fields).toMatchObject({
      title: "Atlas",
      description: "Maps",
      github: "https://github.com/me/atlas",
    });
  });

  it("pages back with ?limit= and ?before=, like the audit log", async () => {
    const first = await history("?limit=2");
    expect(first.items.map((i) => i.version)).toEqual([3, 2]);
    expect(first.next).toBe(2);
    const second = await history(`?limit=2&before=${first.next}`);
    expect(second.items.map((i) => i.version)).toEqual([1]);
    expect(second.next).toBeNull();
  });

  it("is for whoever may open the Projects tab", async () => {
    expect((await accounts.as.moderator.get(`/api/projects/${project._id}/history`)).status).toBe(200);
    const user = await accounts.as.user.get(`/api/projects/${project._id}/history`);
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: "You do not have permission to view the admin panel." });
    expect((await accounts.as.anonymous.get(`/api/projects/${project._id}/history`)).status).toBe(401);
  });

  it("keeps a built-in project's state from before history, so its first edit can be undone", async () => {
    const [builtIn] = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    const id = builtIn?._id ?? "";
    await accounts.as.owner.patch(`/api/projects/${id}`, { title: "Renamed" });
    const res = await accounts.as.owner.get<ProjectHistoryAnswer>(`/api/projects/${id}/history`);
    expect(res.body.items.map((i) => [i.action, i.actor, i.fields.title])).toEqual([
      ["edit", { id: accounts.ids.owner, username: "owner" }, "Renamed"],
      ["before-history", null, builtIn?.title],
    ]);
  });
});

describe("POST /api/projects/{id}/restore", () => {
  it("brings a version's fields back as a new version, in the history and the audit log", async () => {
    const res = await accounts.as.admin.post<Project>(`/api/projects/${project._id}/restore`, { version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Atlas",
      description: "Maps",
      github: "https://github.com/me/atlas",
      version: 4,
    });
    const read = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects.find(
      (p) => p._id === project._id,
    );
    expect(read).toEqual(res.body);
    const { items } = await history("?limit=1");
    expect(items[0]).toMatchObject({ version: 4, action: "restore", actor: { username: "admin1" } });
    expect(await lastAudit()).toMatchObject({
      action: "project.restore",
      actorName: "admin1",
      targetId: project._id,
      details: { restoredVersion: 1, after: { title: "Atlas", description: "Maps" } },
    });
    // Desktops pull it like an edit.
    const change = await server.core.db
      .selectFrom("sync_changes")
      .selectAll()
      .where("entity_id", "=", project._id)
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ version: 4, deleted: 0 });
    expect(JSON.parse(change.fields)).toMatchObject({ title: "Atlas", description: "Maps" });
  });

  it("shows the restored fields in the project list at once, even where the list was just read", async () => {
    await server.client().get("/api/projects");
    await accounts.as.admin.post(`/api/projects/${project._id}/restore`, { version: 1 });
    const list = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.find((p) => p._id === project._id)).toMatchObject({ title: "Atlas", version: 4 });
  });

  it("answers 409 with the current project on a stale baseVersion, and changes nothing", async () => {
    const res = await accounts.as.owner.post(`/api/projects/${project._id}/restore`, { version: 1, baseVersion: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: "This project was changed elsewhere.",
      current: { version: 3, title: "Atlas 2" },
    });
    expect((await history()).items).toHaveLength(3);
  });

  it("applies with the current baseVersion", async () => {
    const res = await accounts.as.owner.post(`/api/projects/${project._id}/restore`, { version: 2, baseVersion: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Atlas 2", description: "Maps", version: 4 });
  });

  it("needs projects:edit", async () => {
    const res = await accounts.as.moderator.post(`/api/projects/${project._id}/restore`, { version: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit projects." });
  });

  it("answers 404 for a version that was never kept", async () => {
    const res = await accounts.as.owner.post(`/api/projects/${project._id}/restore`, { version: 99 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "That version of the project was not found." });
  });
});

describe("the trash", () => {
  async function trash(): Promise<TrashAnswer> {
    const res = await accounts.as.owner.get<TrashAnswer>("/api/admin/trash");
    expect(res.status).toBe(200);
    return res.body;
  }

  it("takes a deleted project out of every list and read at once, and keeps it for 30 days", async () => {
    const deleted = await accounts.as.admin.delete(`/api/projects/${project._id}`);
    expect(deleted.status).toBe(204);
    const list = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.some((p) => p._id === project._id)).toBe(false);
    expect((await accounts.as.owner.delete(`/api/projects/${project._id}`)).status).toBe(404);
    expect((await accounts.as.owner.get(`/api/projects/${project._id}/history`)).status).toBe(404);
    const { items } = await trash();
    expect(items).toHaveLength(1);
    const item = items[0];
    expect(item).toMatchObject({ type: "project", id: project._id, title: "Atlas 2", deletedBy: "admin1" });
    expect(Date.parse(item?.purgeAt ?? "") - Date.parse(item?.deletedAt ?? "")).toBe(30 * DAY);
    // Desktops pull the delete.
    const change = await server.core.db
      .selectFrom("sync_changes")
      .selectAll()
      .where("entity_id", "=", project._id)
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    expect(change.deleted).toBe(1);
  });

  it("restores a project with its id, fields and history, as an upsert desktops pull", async () => {
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    const res = await accounts.as.admin.post<Project>(`/api/admin/trash/project/${project._id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: project._id, title: "Atlas 2", description: "Better maps", tags: ["ts"] });
    expect(res.body.version).toBe(5);
    const list = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.find((p) => p._id === project._id)).toEqual(res.body);
    expect((await history()).items.map((i) => i.action)).toEqual(["untrash", "edit", "edit", "create"]);
    expect((await trash()).items).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: "project.untrash", actorName: "admin1", targetId: project._id });
    const change = await server.core.db
      .selectFrom("sync_changes")
      .selectAll()
      .where("entity_id", "=", project._id)
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ deleted: 0, version: 5 });
    expect(JSON.parse(change.fields)).toMatchObject({ title: "Atlas 2", description: "Better maps" });
  });

  it("shows a restored project in the project list at once, even where the list was just read", async () => {
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    const before = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(before.map((p) => p._id)).not.toContain(project._id);
    await accounts.as.admin.post(`/api/admin/trash/project/${project._id}/restore`);
    const after = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(after.map((p) => p._id)).toContain(project._id);
  });

  it("purges a project now, audited, with its history", async () => {
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    const res = await accounts.as.owner.delete(`/api/admin/trash/project/${project._id}`);
    expect(res.status).toBe(204);
    expect((await trash()).items).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: "trash.purge", actorName: "owner", targetId: project._id });
    const versions = await server.core.db
      .selectFrom("project_versions")
      .select("version")
      .where("project_id", "=", project._id)
      .execute();
    expect(versions).toEqual([]);
    const again = await accounts.as.owner.post(`/api/admin/trash/project/${project._id}/restore`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "That project is not in the trash." });
  });

  it("expires after TRASH_RETENTION_DAYS: gone from the list at once, purged by housekeeping", async () => {
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    // A month on, the session has expired too: log in again after each move of the clock.
    server.clock.advance(30 * DAY - 60_000);
    let owner = await server.login("owner", "owner-password-1");
    expect((await owner.get<TrashAnswer>("/api/admin/trash")).body.items).toHaveLength(1);
    expect(await purgeExpiredTrash(server.core)).toBe(0);
    server.clock.advance(60_000);
    owner = await server.login("owner", "owner-password-1");
    expect((await owner.get<TrashAnswer>("/api/admin/trash")).body.items).toEqual([]);
    expect((await owner.post(`/api/admin/trash/project/${project._id}/restore`)).status).toBe(404);
    expect(await purgeExpiredTrash(server.core)).toBe(1);
    const [entry] = (await owner.get<AuditLogAnswer>("/api/admin/audit?limit=1")).body.entries;
    expect(entry).toMatchObject({ action: "trash.purge", actorName: "system (housekeeping)", targetId: project._id });
  });

  it("follows TRASH_RETENTION_DAYS", async () => {
    const other = await startTestServer({ env: { TRASH_RETENTION_DAYS: "7" } });
    try {
      const owner = await other.login("owner", "owner-password-1");
      const made = await owner.post<Project>("/api/projects", { title: "Short", description: "Brief", tags: [] });
      expect((await owner.delete(`/api/projects/${made.body._id}`)).status).toBe(204);
      const listed = await owner.get<TrashAnswer>("/api/admin/trash");
      expect(listed.status).toBe(200);
      const [item] = listed.body.items;
      expect(Date.parse(item?.purgeAt ?? "") - Date.parse(item?.deletedAt ?? "")).toBe(7 * DAY);
    } finally {
      await other.close();
    }
  });

  it("is only for those who may delete projects", async () => {
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    for (const call of [
      () => accounts.as.moderator.get("/api/admin/trash"),
      () => accounts.as.moderator.post(`/api/admin/trash/project/${project._id}/restore`),
      () => accounts.as.moderator.delete(`/api/admin/trash/project/${project._id}`),
    ]) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "You do not have permission to delete projects." });
    }
    expect((await accounts.as.anonymous.get("/api/admin/trash")).status).toBe(401);
    expect((await trash()).items).toHaveLength(1);
  });
});
