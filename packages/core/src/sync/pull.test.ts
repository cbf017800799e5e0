import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Project } from "../domain/projects.ts";
import { recordChange } from "./change-log.ts";
import { asWeb, call, createSyncFixture, NEW_PROJECT, op, pull, push, type SyncFixture } from "./sync-fixture.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

const web = () => asWeb(f.owner);
const create = (title: string): Promise<Project> =>
  call(f.core, web(), "projects.create", { body: { ...NEW_PROJECT, title } });
const edit = (id: string, body: Record<string, unknown>) =>
  call(f.core, web(), "projects.update", { params: { id }, body });

describe("pull: snapshot", () => {
  it("answers every project and the profile with reset: true when there is no cursor", async () => {
    const a = await create("A");
    const b = await create("B");
    const answer = await pull(f.core, f.owner);
    expect(answer.reset).toBe(true);
    expect(answer.hasMore).toBe(false);
    // Projects come in id order (a snapshot pages by id), then the profile.
    const [first, second] = [a, b].sort((x, y) => (x._id < y._id ? -1 : 1));
    expect(answer.changes.map((c) => [c.entity, c.entityId, c.version])).toEqual([
      ["project", first?._id, 1],
      ["project", second?._id, 1],
      ["profile", "profile", 0],
    ]);
    expect(answer.changes.find((c) => c.entityId === a._id)).toMatchObject({ deleted: false, row: { title: "A" } });
  });

  it("answers a snapshot for a cursor this log does not know", async () => {
    await create("A");
    const { cursor } = await pull(f.core, f.owner);
    for (const since of ["nonsense", `${randomUUID()}.1`, cursor.replace(/\.\d+$/, ".999")]) {
      expect((await pull(f.core, f.owner, { since })).reset).toBe(true);
    }
  });

  it("answers a snapshot for a cursor older than the log keeps (expired)", async () => {
    await create("A");
    const { cursor } = await pull(f.core, f.owner);
    await create("B");
    await create("C");
    const { cursor: later } = await pull(f.core, f.owner, { since: cursor });
    // The log is trimmed up to the newest entry: a cursor from before the trim can no longer be answered.
    const newest = Number(later.split(".").at(-1));
    await f.core.db.deleteFrom("sync_changes").where("seq", "<", newest).execute();
    const answer = await pull(f.core, f.owner, { since: cursor });
    expect(answer.reset).toBe(true);
    expect(answer.changes.filter((c) => c.entity === "project")).toHaveLength(3);
    expect((await pull(f.core, f.owner, { since: later })).reset).toBeUndefined();
  });
});
describe("pull: a snapshot in pages (issue 24)", () => {
  /** Every page of a snapshot from a first pull, following hasMore. */
  async function pages(limit: number) {
    const all = [];
    let answer = await pull(f.core, f.owner, { limit });
    all.push(answer);
    while (answer.hasMore) {
      answer = await pull(f.core, f.owner, { limit, since: answer.cursor });
      all.push(answer);
    }
    return all;
  }

  it("comes in pages of at most limit projects, each flagged reset, the profile on the first", async () => {
    const made = [await create("A"), await create("B"), await create("C")];
    const answers = await pages(2);
    expect(answers.map((a) => [a.reset, a.hasMore, a.changes.length])).toEqual([
      [true, true, 3],
      [true, false, 1],
    ]);
    const projects = answers.flatMap((a) => a.changes).filter((c) => c.entity === "project");
    expect(projects.map((c) => c.entityId)).toEqual(made.map((p) => p._id).sort());
    expect(answers[0]?.changes.at(-1)?.entity).toBe("profile");
  });

  it("ends on the log position where it started, so edits made while paging come in the next pull", async () => {
    const a = await create("A");
    await create("B");
    await create("C");
    const first = await pull(f.core, f.owner, { limit: 1 });
    await edit(a._id, { title: "Edited while paging" });
    let answer = first;
    while (answer.hasMore) answer = await pull(f.core, f.owner, { limit: 1, since: answer.cursor });
    const after = await pull(f.core, f.owner, { since: answer.cursor });
    expect(after.reset).toBeUndefined();
    expect(after.changes).toEqual([
      expect.objectContaining({ entityId: a._id, row: expect.objectContaining({ title: "Edited while paging" }) }),
    ]);
  });

  it("sends at most 1000 projects a page, whatever limit asks", async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      id: `bulk-${String(i).padStart(4, "0")}`,
      title: `Bulk ${i}`,
      description: "Many.",
      github: null,
      external_link: null,
      is_archived: 0,
      is_latest: 0,
      tags: "[]",
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await f.core.db
        .insertInto("projects")
        .values(rows.slice(i, i + 200))
        .execute();
    const answers = await pages(5000);
    expect(answers.map((a) => a.changes.filter((c) => c.entity === "project").length)).toEqual([1000, 5]);
  });
});
