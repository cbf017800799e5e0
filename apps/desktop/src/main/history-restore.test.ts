/**
 * History, restore and Undo in the desktop app, with the real server on 127.0.0.1 and the
 * desktop main called as the renderer calls it. History and the trash are read through the server (offline:
 * 'Needs a connection.'); a restore is an ordinary edit queued in the outbox, made offline as well as
 * online, carrying the chosen version's fields and based on the local version; an Undo of a delete made
 * offline is queued too, and the server then has the project back, out of its trash.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project, ProjectHistoryAnswer, TrashAnswer } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DesktopState } from "../shared/desktop-operations.ts";
import { NEEDS_CONNECTION } from "./dispatch.ts";
import { VERSION_NEEDS_CONNECTION } from "./history-calls.ts";
import { openTestDesktop, type TestDesktop } from "./testing/harness.ts";

let dir: string;
let server: TestServer;
let web: TestClient;
let desktop: TestDesktop;
let project: Project;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-history-"));
  server = await startTestServer();
  web = await server.login(OWNER.username, OWNER.password);
  const [first] = (await web.get<{ projects: Project[] }>("/api/projects")).body.projects;
  if (!first) throw new Error("no built-in project");
  // Two edits on the web: versions to go back to.
  await web.patch(`/api/projects/${first._id}`, { title: "Second title" });
  project = (await web.patch<Project>(`/api/projects/${first._id}`, { description: "Third description." })).body;
  desktop = await openTestDesktop({ dir: join(dir, "user-data") });
  await desktop.value("desktop.connect", { serverUrl: server.url, username: OWNER.username, password: OWNER.password });
});
afterEach(async () => {
  await desktop?.main.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const local = async (id: string) =>
  (await desktop.value<{ projects: Project[] }>("projects.list")).projects.find((p) => p._id === id);
const onServer = async (id: string) =>
  (await web.get<{ projects: Project[] }>("/api/projects")).body.projects.find((p) => p._id === id);
const state = () => desktop.value<DesktopState>("desktop.state");

describe("history in the desktop app", () => {
  it("is read through the server while online", async () => {
    const answer = await desktop.value<ProjectHistoryAnswer>("projects.history", { id: project._id });
    expect(answer.items.map((i) => i.version)).toEqual([project.version, project.version - 1, project.version - 2]);
    expect(answer.items[0]?.fields).toMatchObject({ title: "Second title", description: "Third description." });
  });

  it("answers 'Needs a connection.' while offline, as the trash does", async () => {
    desktop.network.offline = true;
    for (const operation of ["projects.history", "trash.list"]) {
      const reply = await desktop.call(operation, operation === "trash.list" ? {} : { id: project._id });
      expect(reply).toMatchObject({ ok: false, status: 503, error: NEEDS_CONNECTION });
    }
  });
});

describe("a restore made offline", () => {
  it("is an ordinary edit queued here, carrying that version's fields, based on the local version", async () => {
    const history = await desktop.value<ProjectHistoryAnswer>("projects.history", { id: project._id });
    const oldest = history.items.at(-1);
    desktop.network.offline = true;
    const base = await local(project._id);

    const restored = await desktop.value<Project>("projects.restore", {
      id: project._id,
      version: oldest?.version,
      baseVersion: base?.version,
    });
    expect(restored).toMatchObject({ title: oldest?.fields.title, description: oldest?.fields.description });
    expect(await local(project._id)).toMatchObject({ title: oldest?.fields.title });
    expect(await state()).toMatchObject({ pending: 1, pendingEntityIds: [project._id] });
    // Nothing reached the server yet.
    expect(await onServer(project._id)).toMatchObject({ title: "Second title" });

    desktop.network.offline = false;
    await desktop.value("desktop.syncNow");
    expect(await state()).toMatchObject({ pending: 0, attention: 0 });
    expect(await onServer(project._id)).toMatchObject({
      title: oldest?.fields.title,
      description: oldest?.fields.description,
      version: project.version + 1,
    });
    const after = (await web.get<ProjectHistoryAnswer>(`/api/projects/${project._id}/history?limit=1`)).body;
    expect(after.items[0]).toMatchObject({
      version: project.version + 1,
      action: "edit",
      actor: { username: "owner" },
    });
  });

  it("is refused on a stale local version, like an edit", async () => {
    await desktop.value("projects.history", { id: project._id });
    desktop.network.offline = true;
    const reply = await desktop.call("projects.restore", {
      id: project._id,
      version: project.version - 2,
      baseVersion: project.version - 1,
    });
    expect(reply).toMatchObject({ ok: false, status: 409 });
  });

  it("of a version never shown here says to open the history while online", async () => {
    desktop.network.offline = true;
    const reply = await desktop.call("projects.restore", { id: project._id, version: project.version - 2 });
    expect(reply).toMatchObject({ ok: false, status: 503, error: VERSION_NEEDS_CONNECTION });
    expect(await state()).toMatchObject({ pending: 0 });
  });

  it("online, of a version not read yet, reads it from the server and queues the same edit", async () => {
    const restored = await desktop.value<Project>("projects.restore", {
      id: project._id,
      version: project.version - 1,
    });
    expect(restored.title).toBe("Second title");
    expect(restored.description).not.toBe("Third description.");
    await desktop.value("desktop.syncNow");
    expect(await onServer(project._id)).toMatchObject({ version: project.version + 1 });
  });
});

describe("Undo of a delete", () => {
  it("made offline is queued, and on sync the server has the project back, out of its trash", async () => {
    desktop.network.offline = true;
    await desktop.value("projects.delete", { id: project._id });
    expect(await local(project._id)).toBeUndefined();
    const back = await desktop.value<Project>("trash.restore", { id: project._id });
    expect(back).toMatchObject({ _id: project._id, title: "Second title" });
    expect(await local(project._id)).toMatchObject({ title: "Second title" });

    desktop.network.offline = false;
    await desktop.value("desktop.syncNow");
    expect(await state()).toMatchObject({ pending: 0, attention: 0 });
    expect(await onServer(project._id)).toMatchObject({ title: "Second title", description: "Third description." });
    expect((await web.get<TrashAnswer>("/api/admin/trash")).body.items).toEqual([]);
  });

  it("made online restores from the server's trash (pushing the delete first) and pulls the project back", async () => {
    await desktop.value("projects.delete", { id: project._id });
    const back = await desktop.value<Project>("trash.restore", { id: project._id });
    expect(back).toMatchObject({ _id: project._id, title: "Second title" });
    expect(await onServer(project._id)).toMatchObject({ title: "Second title" });
    expect(await local(project._id)).toMatchObject({ title: "Second title", description: "Third description." });
    const history = (await web.get<ProjectHistoryAnswer>(`/api/projects/${project._id}/history?limit=1`)).body;
    expect(history.items[0]?.action).toBe("untrash");
    expect(await state()).toMatchObject({ pending: 0, attention: 0 });
  });
});
