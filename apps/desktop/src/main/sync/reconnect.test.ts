/**
 * The app syncs by itself when the connection returns, with no click: the real server on 127.0.0.1 is
 * stopped and started again on the same address and database, and the desktop main is called as the
 * renderer calls it. Two ways back: the system's word that the network is back (the renderer forwards its
 * `online` event), which syncs at once, and without any word, the backoff's next retry.
 * (SQLite only: the restarted server must find its own database again, as in offline-scenario.test.ts.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DesktopState } from "../../shared/desktop-operations.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";
import { BACKOFF_FIRST_MS } from "./engine.ts";

let dir: string;
let serverDb: string;
let server: TestServer | undefined;
let port = 0;
let desktop: TestDesktop;
let desktops = 0;

async function startServer(): Promise<TestServer> {
  server = await startTestServer({ env: { DATABASE_URL: `file:${serverDb}` }, ...(port ? { port } : {}) });
  port = Number(new URL(server.url).port);
  return server;
}

async function stopServer(): Promise<void> {
  await server?.close();
  server = undefined;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-reconnect-"));
  serverDb = join(dir, "server.db");
});
afterEach(async () => {
  await desktop?.main.close();
  await stopServer();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const state = () => desktop.value<DesktopState>("desktop.state");

/** Connected, then an edit made while the server is stopped: it waits in the outbox, the app is Offline. */
async function editedWhileServerStopped(title: string): Promise<string> {
  const running = await startServer();
  desktop = await openTestDesktop({ dir: join(dir, `user-data-${++desktops}`) });
  await desktop.value("desktop.connect", {
    serverUrl: running.url,
    username: OWNER.username,
    password: OWNER.password,
  });
  const [project] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects;
  if (!project) throw new Error("the snapshot brought no project");
  await stopServer();
  await desktop.value("projects.update", { id: project._id, title });
  // The retries so far all failed: the next one is far off (the backoff doubles up to a minute).
  for (let i = 0; i < 6; i++) await desktop.value("desktop.syncNow");
  expect(await state()).toMatchObject({ online: false, pending: 1, lastError: "The server could not be reached." });
  expect(desktop.timers.waiting()).toEqual([60_000]);
  return project._id;
}

async function serverTitle(id: string): Promise<string | undefined> {
  const res = await server?.client().get<{ projects: Project[] }>("/api/projects");
  return res?.body.projects.find((p) => p._id === id)?.title;
}

describe("when the connection returns", () => {
  it("the network's return syncs at once: the outbox drains with no click and no retry timer fired", async () => {
    const id = await editedWhileServerStopped("Sent when the network came back");
    await startServer();
    const answer = await desktop.value<DesktopState>("desktop.networkChanged", { online: true });
    expect(answer.mode).toBe("connected");
    await vi.waitFor(async () => expect(await state()).toMatchObject({ online: true, pending: 0, lastError: null }));
    expect(await serverTitle(id)).toBe("Sent when the network came back");
    // Back on the regular schedule.
    expect(desktop.timers.waiting()).toEqual([30_000]);
  });

  it("if the server is still out of reach when the network returns, the retries start again at 2 seconds", async () => {
    await editedWhileServerStopped("Still waiting");
    await desktop.value("desktop.networkChanged", { online: true });
    await vi.waitFor(() => expect(desktop.timers.waiting()).toEqual([BACKOFF_FIRST_MS]));
    expect(await state()).toMatchObject({ online: false, pending: 1 });
  });

  it("the network gone: the status says Offline at once", async () => {
    await startServer();
    desktop = await openTestDesktop({ dir: join(dir, `user-data-${++desktops}`) });
    await desktop.value("desktop.connect", {
      serverUrl: server?.url,
      username: OWNER.username,
      password: OWNER.password,
    });
    expect(await state()).toMatchObject({ online: true });
    expect(await desktop.value("desktop.networkChanged", { online: false })).toMatchObject({ online: false });
  });

  it("without any word from the system, the next retry finds the server back and drains the outbox", async () => {
    const id = await editedWhileServerStopped("Sent at the next retry");
    await startServer();
    desktop.timers.fireAll();
    await vi.waitFor(async () => expect(await state()).toMatchObject({ online: true, pending: 0, lastError: null }));
    expect(await serverTitle(id)).toBe("Sent at the next retry");
  });

  it("refuses a malformed network report with the field's message", async () => {
    await startServer();
    desktop = await openTestDesktop({ dir: join(dir, `user-data-${++desktops}`) });
    expect(await desktop.call("desktop.networkChanged", { online: "yes" })).toMatchObject({
      ok: false,
      status: 400,
      error: "online: must be true or false.",
    });
  });
});
