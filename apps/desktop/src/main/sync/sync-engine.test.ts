/**
 * The sync engine against the real server on 127.0.0.1: when it runs (launch, every 30 s, backoff after
 * failures, reconnect), how each failure is handled (unreachable, 5xx, 401), progress on long pushes, and
 * the owner's answers in 'Needs attention' for each kind of conflict and a rejection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_ROLES, type Project } from "@portfolio/core/domain";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AttentionItem, DesktopState } from "../../shared/desktop-operations.ts";
import { fakeKeychain } from "../../test/fake-safe-storage.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";
import { SIGN_IN_AGAIN } from "./engine.ts";

let server: TestServer;
let web: TestClient;
let root: string;
let desktop: TestDesktop;
let dirs = 0;
const keychain = fakeKeychain();

beforeAll(async () => {
  // Every test connects (a login each): the login limits are not what these tests are about.
  server = await startTestServer({ rateLimits: { loginPerUsername: 1000, loginPerIp: 1000, loginPerAccount: 1000 } });
  web = await server.login(OWNER.username, OWNER.password);
  root = mkdtempSync(join(tmpdir(), "portfolio-sync-engine-"));
});
afterEach(async () => {
  await desktop?.main.close();
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function connected(username = OWNER.username, password = OWNER.password): Promise<TestDesktop> {
  desktop = await openTestDesktop({ dir: join(root, `d${++dirs}`), keychain });
  await desktop.value("desktop.connect", { serverUrl: server.url, username, password });
  return desktop;
}

const state = () => desktop.value<DesktopState>("desktop.state");
const syncNow = () => desktop.value<DesktopState>("desktop.syncNow");
const attention = async () => (await desktop.value<{ items: AttentionItem[] }>("desktop.attention")).items;
const serverProject = async (id: string) =>
  (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects.find((p) => p._id === id);
const localProject = async (id: string) =>
  (await desktop.value<{ projects: Project[] }>("projects.list")).projects.find((p) => p._id === id);
async function someProject(): Promise<Project> {
  const made = await web.post<Project>("/api/projects", { title: `Shared ${Date.now()}`, description: "On both." });
  await syncNow();
  return made.body;
}

describe("when sync runs", () => {
  it("runs on launch, then every 30 seconds while the server answers", async () => {
    const first = await connected();
    expect(first.timers.waiting()).toEqual([30_000]);
    const dir = join(root, `d${dirs}`);
    await first.main.close();
    desktop = await openTestDesktop({ dir, keychain });
    // Launch: a sync at once.
    expect(desktop.timers.waiting()).toEqual([0]);
    const before = (await state()).lastSyncedAt;
    desktop.timers.fireAll();
    await vi.waitFor(async () => expect((await state()).lastSyncedAt).not.toBe(before));
    await vi.waitFor(() => expect(desktop.timers.waiting()).toEqual([30_000]));
  });

  it("keeps the outbox when the server cannot be reached and retries with growing delays", async () => {
    const app = await connected();
    const project = await someProject();
    await app.value("projects.update", { id: project._id, title: "Edited offline" });
    app.network.offline = true;
    expect(await syncNow()).toMatchObject({
      online: false,
      pending: 1,
      lastError: "The server could not be reached.",
    });
    expect(app.timers.waiting()).toEqual([2_000]);
    await syncNow();
    expect(app.timers.waiting()).toEqual([4_000]);
    await syncNow();
    expect(app.timers.waiting()).toEqual([8_000]);
    app.network.offline = false;
    app.timers.fireAll();
    await vi.waitFor(async () => expect(await state()).toMatchObject({ online: true, pending: 0, lastError: null }));
    expect(app.timers.waiting()).toEqual([30_000]);
    expect(await serverProject(project._id)).toMatchObject({ title: "Edited offline" });
  });

  it("keeps the outbox on a 5xx and retries with backoff", async () => {
    const app = await connected();
    const project = await someProject();
    await app.value("projects.update", { id: project._id, tags: ["after-502"] });
    app.network.gateway = (request) =>
      request.url.endsWith("/api/sync/push")
        ? new Response(JSON.stringify({ error: "Bad gateway." }), { status: 502 })
        : undefined;
    expect(await syncNow()).toMatchObject({ online: true, pending: 1, lastError: "Bad gateway." });
    expect(app.timers.waiting()).toEqual([2_000]);
    app.network.gateway = undefined;
    expect(await syncNow()).toMatchObject({ pending: 0, lastError: null });
    expect(await serverProject(project._id)).toMatchObject({ tags: ["after-502"] });
  });

  it("syncs at once when a call reaches the server again (reconnect)", async () => {
    const app = await connected();
    const project = await someProject();
    app.network.offline = true;
    await syncNow();
    await app.value("projects.update", { id: project._id, description: "Back online." });
    app.network.offline = false;
    expect(await app.call("users.list")).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(await state()).toMatchObject({ online: true, pending: 0 }));
    expect(await serverProject(project._id)).toMatchObject({ description: "Back online." });
  });

  it("reports progress through a push longer than one batch", async () => {
    const app = await connected();
    for (let i = 0; i < 520; i++) await app.value("projects.create", { title: `Bulk ${i}`, description: "Many." });
    const seen: unknown[] = [];
    app.network.onRequest = (request) => {
      if (request.url.endsWith("/api/sync/push")) {
        seen.push({ ops: JSON.parse(request.body ?? "{}").ops.length, progress: app.main.engine.status().progress });
      }
    };
    const after = await syncNow();
    expect({
      pending: after.pending,
      progress: after.progress,
      syncing: after.syncing,
      error: after.lastError,
    }).toEqual({
      pending: 0,
      progress: null,
      syncing: false,
      error: null,
    });
    // A batch retried after a dropped idle connection is sent again as it was: count each distinct one once.
    const distinct = [...new Map(seen.map((entry) => [JSON.stringify(entry), entry])).values()];
    expect(distinct).toEqual([
      { ops: 500, progress: { done: 0, total: 520 } },
      { ops: 20, progress: { done: 500, total: 520 } },
    ]);
  });
});

describe("a 401", () => {
  it("asks to sign in again and keeps the outbox; signing in again pushes it", async () => {
    const app = await connected();
    const project = await someProject();
    const tokens = await web.get<{ tokens: { id: string; name: string }[] }>("/api/sync/tokens");
    for (const token of tokens.body.tokens) await web.delete(`/api/sync/tokens/${token.id}`);
    await app.value("projects.update", { id: project._id, title: "Kept through a 401" });
    expect(await syncNow()).toMatchObject({ needsSignIn: true, pending: 1, lastError: SIGN_IN_AGAIN });
    expect(app.timers.waiting()).toEqual([]);
    expect(await app.call("desktop.signInAgain", { password: "wrong-password" })).toEqual({
      ok: false,
      status: 401,
      error: "Invalid username or password.",
    });
    const after = await app.value<DesktopState>("desktop.signInAgain", { password: OWNER.password });
    expect(after).toMatchObject({ needsSignIn: false, pending: 0, lastError: null });
    expect(await serverProject(project._id)).toMatchObject({ title: "Kept through a 401" });
  });
});

describe("a 401 to a push of megabytes", () => {
  it("reaches the desktop while it still sends the body: it asks to sign in again, never 'offline'", async () => {
    const app = await connected();
    const tokens = await web.get<{ tokens: { id: string }[] }>("/api/sync/tokens");
    for (const token of tokens.body.tokens) await web.delete(`/api/sync/tokens/${token.id}`);
    // About 2.5 MB of ops: the server answers 401 before reading them.
    const description = "Long. ".repeat(833);
    for (let i = 0; i < 500; i++) await app.value("projects.create", { title: `Large ${i}`, description });
    expect(await syncNow()).toMatchObject({ online: true, needsSignIn: true, pending: 500, lastError: SIGN_IN_AGAIN });
  });
});

describe("'Needs attention'", () => {
  it("'Use server' takes the server's value and drops mine", async () => {
    const app = await connected();
    const project = await someProject();
    await app.value("projects.update", { id: project._id, title: "Mine" });
    await web.patch(`/api/projects/${project._id}`, { title: "Theirs" });
    expect(await syncNow()).toMatchObject({ attention: 1, pending: 0 });
    const [item] = await attention();
    expect(item).toMatchObject({
      kind: "conflict",
      fields: ["title"],
      mine: { title: "Mine" },
      server: { title: "Theirs" },
    });
    expect(await app.value("desktop.useServer", { opId: item?.opId })).toMatchObject({ attention: 0, pending: 0 });
    expect(await localProject(project._id)).toMatchObject({ title: "Theirs" });
    expect(await serverProject(project._id)).toMatchObject({ title: "Theirs" });
  });

  it("a delete of a project edited on the web is a conflict; 'Keep mine' deletes it", async () => {
    const app = await connected();
    const project = await someProject();
    await app.value("projects.delete", { id: project._id });
    await web.patch(`/api/projects/${project._id}`, { description: "Edited on the web." });
    await syncNow();
    const [item] = await attention();
    expect(item).toMatchObject({
      kind: "conflict",
      title: project.title,
      message: "This project was edited on the server since your last sync.",
      mine: {},
      server: { description: "Edited on the web." },
    });
    await app.value("desktop.keepMine", { opId: item?.opId });
    expect(await syncNow()).toMatchObject({ attention: 0, pending: 0 });
    expect(await serverProject(project._id)).toBeUndefined();
  });

  it("an edit of a project deleted on the web is a conflict; 'Keep mine' restores it whole", async () => {
    const app = await connected();
    const project = await someProject();
    await app.value("projects.update", { id: project._id, tags: ["restored"] });
    await web.delete(`/api/projects/${project._id}`);
    await syncNow();
    const [item] = await attention();
    expect(item).toMatchObject({
      kind: "conflict",
      message: "This project was deleted on the server since your last sync.",
      mine: { tags: ["restored"] },
      server: null,
    });
    // Pulled deletions never remove a row with a change waiting.
    expect(await localProject(project._id)).toMatchObject({ tags: ["restored"] });
    await app.value("desktop.keepMine", { opId: item?.opId });
    expect(await syncNow()).toMatchObject({ attention: 0, pending: 0 });
    expect(await serverProject(project._id)).toMatchObject({
      title: project.title,
      description: project.description,
      tags: ["restored"],
    });
  });

  it("a rejection shows the server's message, offers only 'Discard', which puts the server's value back", async () => {
    const id = await createAccount(server, "editor1", DEFAULT_ROLES.admin.permissions);
    const app = await connected("editor1", PASSWORD);
    const project = await someProject();
    await app.value("projects.update", { id: project._id, title: "Not allowed any more" });
    const without = DEFAULT_ROLES.admin.permissions.filter((p) => p !== "projects:edit");
    expect((await web.patch(`/api/admin/users/${id}`, { username: "editor1", permissions: without })).status).toBe(200);
    expect(await syncNow()).toMatchObject({ attention: 1, pending: 0 });
    const [item] = await attention();
    expect(item).toMatchObject({
      kind: "rejected",
      message: "You do not have permission to edit projects.",
      fields: ["title"],
      mine: { title: "Not allowed any more" },
      server: null,
    });
    expect(await app.call("desktop.keepMine", { opId: item?.opId })).toEqual({
      ok: false,
      status: 400,
      error: "Only a conflict offers this choice; a rejected change can only be discarded.",
    });
    expect(await app.value("desktop.discard", { opId: item?.opId })).toMatchObject({ attention: 0, pending: 0 });
    expect(await localProject(project._id)).toMatchObject({ title: project.title });
    // The refreshed permissions apply locally too: the same edit is now refused here.
    expect(await app.call("projects.update", { id: project._id, title: "Again" })).toMatchObject({ status: 403 });
  });
});
