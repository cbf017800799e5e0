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
import { seedBulkProjects } from "@portfolio/testing/data/snapshot-seed.ts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Project } from "../domain/projects.ts";
import { recordChange } from "../services/change-log.ts";

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
describe("pull: a snapshot in pages", () => {
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

  it("says on every page how many projects the whole snapshot holds", async () => {
    await create("A");
    await create("B");
    await create("C");
    expect((await pages(2)).map((a) => a.total)).toEqual([3, 3]);
    const later = await pull(f.core, f.owner, { since: (await pages(2)).at(-1)?.cursor });
    expect(later).not.toHaveProperty("total");
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
    await seedBulkProjects(f.core.db, 1005);
    const answers = await pages(5000);
    expect(answers.map((a) => a.changes.filter((c) => c.entity === "project").length)).toEqual([1000, 5]);
  });
});

describe("pull: changes after the cursor", () => {
  it("shows every web edit made after the cursor, each entity once in its current state", async () => {
    const a = await create("A");
    const b = await create("B");
    const { cursor } = await pull(f.core, f.owner);
    await edit(a._id, { title: "A1" });
    await edit(a._id, { tags: ["x"] });
    await call(f.core, web(), "projects.delete", { params: { id: b._id } });
    const profile = await call(f.core, f.owner, "profile.get");
    await call(f.core, web(), "profile.update", { body: { ...profile, tagline: "New" } });

    const answer = await pull(f.core, f.owner, { since: cursor });
    expect(answer.reset).toBeUndefined();
    expect(answer.hasMore).toBe(false);
    expect(answer.changes).toEqual([
      {
        entity: "project",
        entityId: a._id,
        deleted: false,
        version: 3,
        fields: ["title", "tags"],
        row: expect.objectContaining({ title: "A1", tags: ["x"], version: 3 }),
      },
      { entity: "project", entityId: b._id, deleted: true, row: null, version: 2, fields: [] },
      {
        entity: "profile",
        entityId: "profile",
        deleted: false,
        version: 1,
        fields: ["tagline"],
        row: expect.objectContaining({ tagline: "New" }),
      },
    ]);
    expect((await pull(f.core, f.owner, { since: answer.cursor })).changes).toEqual([]);
  });

  it("shows a desktop's pushed change to the other desktops", async () => {
    const { cursor } = await pull(f.core, f.owner);
    const id = randomUUID();
    await push(f.core, f.owner, [op({ entityId: id, fields: NEW_PROJECT })], "laptop");
    const answer = await pull(f.core, f.owner, { since: cursor });
    expect(answer.changes).toMatchObject([{ entity: "project", entityId: id, version: 1, row: { title: "Sync bot" } }]);
  });

  it("pages by limit with hasMore, and the cursors walk the whole log once", async () => {
    const { cursor: start } = await pull(f.core, f.owner);
    const ids: string[] = [];
    for (const title of ["A", "B", "C", "D", "E"]) ids.push((await create(title))._id);
    const seen: string[] = [];
    let since = start;
    const pages: boolean[] = [];
    for (;;) {
      const page = await pull(f.core, f.owner, { since, limit: "2" });
      seen.push(...page.changes.map((c) => c.entityId));
      pages.push(page.hasMore);
      since = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual(ids);
  });

  it("refuses a limit out of range, naming it", async () => {
    await expect(pull(f.core, f.owner, { limit: "0" })).rejects.toMatchObject({ message: "limit must be 1 to 5000." });
    await expect(pull(f.core, f.owner, { limit: "5001" })).rejects.toMatchObject({
      message: "limit must be 1 to 5000.",
    });
  });
});

// On pg two writers can take sequence numbers in one order and commit in the other; SQLite has one writer
// (and one connection: a pull could not even run while a write transaction is open), so this is pg's test.
describe.runIf(process.env.TEST_DATABASE === "postgres")("pull: concurrent writers (PostgreSQL)", () => {
  it("never passes over a change that commits after a later-numbered one", async () => {
    const { cursor } = await pull(f.core, f.owner);
    const [slowId, fastId] = [randomUUID(), randomUUID()];
    const change = (entityId: string) => ({
      entity: "project" as const,
      entityId,
      fields: {},
      version: 1,
      deleted: false,
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The slow writer appends first and stays open; the fast one starts after it, while it is open.
    let appended = () => {};
    const slowAppended = new Promise<void>((resolve) => {
      appended = resolve;
    });
    const slow = f.core.db.transaction().execute(async (trx) => {
      await recordChange(trx, change(slowId));
      appended();
      await gate;
    });
    await slowAppended;
    const fast = f.core.db.transaction().execute((trx) => recordChange(trx, change(fastId)));
    // The fast writer is under way once it waits for the change log's lock, which the slow one holds.
    await expect
      .poll(async () => {
        const { rows } = await sql<{ waiting: string }>`
          select count(*) as waiting from pg_locks
          where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`.execute(f.core.db);
        return Number(rows[0]?.waiting);
      })
      .toBe(1);

    const during = await pull(f.core, f.owner, { since: cursor });
    release();
    await Promise.all([slow, fast]);
    const after = await pull(f.core, f.owner, { since: during.cursor });

    const seen = [...during.changes, ...after.changes].map((c) => c.entityId);
    expect(seen).toEqual(expect.arrayContaining([slowId, fastId]));
  });
});
