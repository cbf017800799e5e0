/**
 * Every local write appends exactly one op to the outbox, in the same transaction as the change, with
 * only the changed fields and the entity's last known server version as its base; the state counts the
 * waiting changes and names their rows; one waiting change can be discarded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project, SiteProfile } from "@portfolio/core/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DesktopState } from "../../shared/desktop-operations.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";
import { recordServerState } from "./server-state.ts";

let dir: string;
let desktop: TestDesktop;
let first: Project;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-outbox-"));
  desktop = await openTestDesktop({ dir });
  await desktop.value("desktop.workLocally");
  // A built-in project that is neither archived nor Latest, so each flag below is a change.
  const { projects } = await desktop.value<{ projects: Project[] }>("projects.list");
  first = projects.find((p) => !p.isArchived && !p.isLatest) as Project;
});
afterEach(async () => {
  await desktop.main.close();
  rmSync(dir, { recursive: true, force: true });
});

const outbox = () => desktop.main.core.local.selectFrom("desktop_outbox").selectAll().orderBy("seq").execute();
const ops = async () =>
  (await outbox()).map((row) => ({
    entity: row.entity,
    entityId: row.entity_id,
    kind: row.kind,
    fields: JSON.parse(row.fields),
    baseVersion: row.base_version,
  }));

describe("the outbox", () => {
  it("takes a creation with the fields it was made with, based on version 0", async () => {
    const made = await desktop.value<Project>("projects.create", { title: "New", description: "Fresh.", tags: ["a"] });
    expect(await ops()).toEqual([
      {
        entity: "project",
        entityId: made._id,
        kind: "upsert",
        fields: {
          title: "New",
          description: "Fresh.",
          isArchived: false,
          isLatest: false,
          tags: ["a"],
          // A wish at creation: the server suffixes it if one of its projects has it.
          slug: "new",
          longDescription: "",
          pictures: [],
        },
        baseVersion: 0,
      },
    ]);
    const [row] = await outbox();
    expect(row?.op_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("takes an edit with only the changed fields, based on the server version last seen", async () => {
    await recordServerState(desktop.main.core.local, "project", first._id, { version: 7, row: null });
    await desktop.value("projects.update", { id: first._id, tags: ["x", "y"], title: first.title });
    await desktop.value("projects.update", { id: first._id, isArchived: true });
    await desktop.value("projects.update", { id: first._id, isLatest: true, github: "" });
    expect((await ops()).map(({ fields, baseVersion }) => ({ fields, baseVersion }))).toEqual([
      { fields: { tags: ["x", "y"] }, baseVersion: 7 },
      { fields: { isArchived: true }, baseVersion: 7 },
      { fields: { isLatest: true, ...(first.github ? { github: null } : {}) }, baseVersion: 7 },
      // One Latest at most: the project marked Latest before (the seeded one) is cleared, in its own op.
      { fields: { isLatest: false }, baseVersion: 0 },
    ]);
  });

  it("takes a delete with no fields", async () => {
    await desktop.value("projects.delete", { id: first._id });
    expect(await ops()).toEqual([
      { entity: "project", entityId: first._id, kind: "delete", fields: {}, baseVersion: 0 },
    ]);
  });

  it("takes a profile edit as the profile entity with the changed fields only", async () => {
    const profile = await desktop.value<SiteProfile>("profile.get");
    await desktop.value("profile.update", { ...profile, tagline: "Changed here." });
    expect(await ops()).toEqual([
      { entity: "profile", entityId: "profile", kind: "upsert", fields: { tagline: "Changed here." }, baseVersion: 0 },
    ]);
  });

  it("takes nothing for a save that changes nothing, nor for a write that fails", async () => {
    await desktop.value("projects.update", { id: first._id, title: first.title });
    const stale = await desktop.call("projects.update", { id: first._id, title: "Late", version: first.version + 5 });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(await ops()).toEqual([]);
    // The local change log is not kept: the outbox is the desktop's only record of its changes.
    expect(await desktop.main.core.db.selectFrom("sync_changes").selectAll().execute()).toEqual([]);
  });

  it("counts the waiting changes and names the rows they touch", async () => {
    const made = await desktop.value<Project>("projects.create", { title: "New", description: "Fresh." });
    await desktop.value("projects.update", { id: first._id, title: "Renamed" });
    await desktop.value("projects.update", { id: first._id, title: "Renamed again" });
    const state = await desktop.value<DesktopState>("desktop.state");
    expect(state).toMatchObject({ mode: "local", pending: 3, attention: 0, online: false });
    expect(state.pendingEntityIds).toEqual([first._id, made._id].sort());
  });

  it("discards one waiting change and puts the field back as the server last had it", async () => {
    await recordServerState(desktop.main.core.local, "project", first._id, {
      version: 3,
      row: { title: "Server title", description: first.description, tags: first.tags },
    });
    await desktop.value("projects.update", { id: first._id, title: "Mine" });
    await desktop.value("projects.update", { id: first._id, tags: ["kept"] });
    const [titleOp] = await outbox();
    const state = await desktop.value<DesktopState>("desktop.discard", { opId: titleOp?.op_id });
    expect(state.pending).toBe(1);
    const now = (await desktop.value<{ projects: Project[] }>("projects.list")).projects.find(
      (p) => p._id === first._id,
    );
    expect(now).toMatchObject({ title: "Server title", tags: ["kept"] });
    expect((await ops()).map((op) => op.fields)).toEqual([{ tags: ["kept"] }]);
  });

  it("discarding a creation the server never saw removes the project and its later edits", async () => {
    const made = await desktop.value<Project>("projects.create", { title: "Draft", description: "Never sent." });
    await desktop.value("projects.update", { id: made._id, tags: ["later"] });
    const [create] = await outbox();
    const state = await desktop.value<DesktopState>("desktop.discard", { opId: create?.op_id });
    expect(state).toMatchObject({ pending: 0, pendingEntityIds: [] });
    const listed = (await desktop.value<{ projects: Project[] }>("projects.list")).projects;
    expect(listed.find((p) => p._id === made._id)).toBeUndefined();
  });

  it("answers a change that is no longer waiting with 404", async () => {
    expect(await desktop.call("desktop.discard", { opId: "4b0c2a40-1111-4111-8111-000000000000" })).toEqual({
      ok: false,
      status: 404,
      error: "This change is no longer waiting: it was synced or already resolved.",
    });
  });
});
