/**
 * A server with more projects than one snapshot page holds (the first pull comes in pages of at
 * most 1000 projects): connecting keeps every page's projects, and a project deleted on the server while the
 * desktop was away still goes at the next full snapshot.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project } from "@portfolio/core/domain";
import { seedBulkProjects } from "@portfolio/testing/data/snapshot-seed.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeKeychain } from "../../test/fake-safe-storage.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";

let server: TestServer;
let root: string;
let desktop: TestDesktop;

beforeEach(async () => {
  server = await startTestServer();
  root = mkdtempSync(join(tmpdir(), "portfolio-snapshot-pages-"));
  await seedBulkProjects(server.core.db, 1200);
  desktop = await openTestDesktop({ dir: join(root, "d"), keychain: fakeKeychain() });
});
afterEach(async () => {
  await desktop.main.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const localIds = async () =>
  (await desktop.value<{ projects: Project[] }>("projects.list")).projects.map((p) => p._id).sort();

describe("a snapshot in several pages", () => {
  it("keeps the projects of every page when connecting", async () => {
    await desktop.value("desktop.connect", {
      serverUrl: server.url,
      username: OWNER.username,
      password: OWNER.password,
    });
    expect(await localIds()).toHaveLength(1214);
  });

  it("drops a project the server no longer has only when the whole snapshot is in", async () => {
    await desktop.value("desktop.connect", {
      serverUrl: server.url,
      username: OWNER.username,
      password: OWNER.password,
    });
    // Gone on the server without a trace in its change log: only a full snapshot can tell.
    await server.core.db.deleteFrom("projects").where("id", "=", "bulk-0001").execute();
    await server.core.db.deleteFrom("settings").where("key", "=", "sync_log_id").execute();
    await desktop.value("desktop.syncNow");
    const ids = await localIds();
    expect(ids).toHaveLength(1213);
    expect(ids).not.toContain("bulk-0001");
  });
});
