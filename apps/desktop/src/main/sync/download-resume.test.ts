/**
 * The first download of a large server: it says how far along it is, the owner can stop it, and it
 * goes on from where it stopped, after a relaunch too (the cursor is in the local database). Until its last
 * page is in, the desktop deletes no local project and does not count itself as synced.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project } from "@portfolio/core/domain";
import { seedBulkProjects } from "@portfolio/testing/data/snapshot-seed.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DesktopState } from "../../shared/desktop-operations.ts";
import { type FakeKeychain, fakeKeychain } from "../../test/fake-safe-storage.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";

const PAGE = 10;
const BULK = 26;
/** The 14 built-in projects and the bulk ones. */
const TOTAL = 14 + BULK;

let server: TestServer;
let root: string;
let keychain: FakeKeychain;
let desktop: TestDesktop;

beforeEach(async () => {
  server = await startTestServer();
  root = mkdtempSync(join(tmpdir(), "portfolio-download-"));
  await seedBulkProjects(server.core.db, BULK);
  keychain = fakeKeychain();
  desktop = await openTestDesktop({ dir: join(root, "d"), keychain, pullPageSize: PAGE });
});
afterEach(async () => {
  await desktop.main.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const connect = () =>
  desktop.value<DesktopState>("desktop.connect", {
    serverUrl: server.url,
    username: OWNER.username,
    password: OWNER.password,
  });
const localIds = async (d: TestDesktop = desktop) =>
  (await d.value<{ projects: Project[] }>("projects.list")).projects.map((p) => p._id);
const pulls = (d: TestDesktop = desktop) => d.network.requests.filter((r) => r.url.includes("/api/sync/pull"));

/** Stops the download as its `n`th page leaves (that page still lands). */
function cancelAtPage(d: TestDesktop, n: number) {
  d.network.onRequest = (request) => {
    if (request.url.includes("/api/sync/pull") && pulls(d).length === n) d.main.engine.cancelDownload();
  };
}

describe("a first download in pages", () => {
  it("ends with every project, no download left, and the desktop synced", async () => {
    const state = await connect();
    expect(await localIds()).toHaveLength(TOTAL);
    expect(state.download).toBeNull();
    expect(state.lastSyncedAt).not.toBeNull();
    expect(pulls()).toHaveLength(Math.ceil(TOTAL / PAGE));
  });

  it("stops after the page on its way when the owner cancels, counted and not synced", async () => {
    cancelAtPage(desktop, 2);
    const state = await connect();
    expect(state.download).toEqual({ received: 2 * PAGE, total: TOTAL, paused: true });
    expect(state.lastSyncedAt).toBeNull();
    expect(await localIds()).toHaveLength(2 * PAGE);
    // Stopped means stopped: a scheduled sync pulls nothing more until the owner resumes.
    await desktop.value("desktop.syncNow");
    expect(pulls()).toHaveLength(2);
  });

  it("resumes from where it stopped, not from the first page", async () => {
    cancelAtPage(desktop, 2);
    await connect();
    desktop.network.onRequest = undefined;
    const state = await desktop.value<DesktopState>("desktop.resumeDownload");
    expect(state.download).toBeNull();
    expect(state.lastSyncedAt).not.toBeNull();
    expect(await localIds()).toHaveLength(TOTAL);
    // Two pages before the stop, then only the rest.
    expect(pulls()).toHaveLength(Math.ceil(TOTAL / PAGE));
    expect(pulls()[2]?.url).toContain(".after.");
  });

  it("resumes after a relaunch from the cursor kept in the local database", async () => {
    cancelAtPage(desktop, 2);
    await connect();
    await desktop.main.close();
    desktop = await openTestDesktop({ dir: join(root, "d"), keychain, pullPageSize: PAGE });
    await desktop.value("desktop.syncNow");
    expect(pulls()[0]?.url).toContain(".after.");
    expect(await localIds()).toHaveLength(TOTAL);
    expect((await desktop.value<DesktopState>("desktop.state")).download).toBeNull();
  });

  it("deletes a project the server no longer has only once the last page is in", async () => {
    await connect();
    // Gone on the server without a trace in its change log: only a full snapshot can tell.
    await server.core.db.deleteFrom("projects").where("id", "=", "bulk-0001").execute();
    await server.core.db.deleteFrom("settings").where("key", "=", "sync_log_id").execute();
    const before = pulls().length;
    cancelAtPage(desktop, before + 2);
    const stopped = await desktop.value<DesktopState>("desktop.syncNow");
    expect(stopped.download).toMatchObject({ received: 2 * PAGE, total: TOTAL - 1, paused: true });
    expect(await localIds()).toContain("bulk-0001");
    desktop.network.onRequest = undefined;
    await desktop.value("desktop.resumeDownload");
    expect(await localIds()).not.toContain("bulk-0001");
    expect(await localIds()).toHaveLength(TOTAL - 1);
  });
});
