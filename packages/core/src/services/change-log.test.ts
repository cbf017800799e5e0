import { randomUUID } from "node:crypto";
import {
  asWeb,
  call,
  createSyncFixture,
  NEW_PROJECT,
  op,
  push,
  type SyncFixture,
} from "@portfolio/testing/core/sync-fixture.ts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialectOf } from "../data/dialect.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

async function log() {
  const rows = await f.core.db.selectFrom("sync_changes").selectAll().orderBy("seq").execute();
  return rows.map((r) => ({
    entity: r.entity,
    id: r.entity_id,
    fields: JSON.parse(r.fields),
    version: r.version,
    deleted: r.deleted,
  }));
}

describe("the change log", () => {
  it("records every web create, edit and delete of a project with the changed fields and version", async () => {
    const web = asWeb(f.owner);
    const project = await call(f.core, web, "projects.create", {
      body: { ...NEW_PROJECT, github: "https://github.com/a/b" },
    });
    const id = project._id;
    await call(f.core, web, "projects.update", { params: { id }, body: { title: "Renamed", github: "" } });
    await call(f.core, web, "projects.delete", { params: { id } });
    expect(await log()).toEqual([
      {
        entity: "project",
        id,
        version: 1,
        deleted: 0,
        fields: {
          title: "Sync bot",
          description: "Made offline.",
          github: "https://github.com/a/b",
          isArchived: false,
          isLatest: false,
          tags: ["bot"],
          slug: "sync-bot",
          longDescription: "",
          pictures: [],
        },
      },
      { entity: "project", id, version: 2, deleted: 0, fields: { title: "Renamed", github: null } },
      { entity: "project", id, version: 3, deleted: 1, fields: {} },
    ]);
  });

  it("records profile changes with a version of their own", async () => {
    const web = asWeb(f.owner);
    const profile = await call(f.core, web, "profile.get");
    await call(f.core, web, "profile.update", { body: { ...profile, tagline: "One" } });
    await call(f.core, web, "profile.update", { body: { ...profile, tagline: "Two", ownerName: "Sam" } });
    expect(await log()).toEqual([
      { entity: "profile", id: "profile", version: 1, deleted: 0, fields: { tagline: "One" } },
      { entity: "profile", id: "profile", version: 2, deleted: 0, fields: { tagline: "Two", ownerName: "Sam" } },
    ]);
  });

  it("writes nothing when the change itself fails", async () => {
    await expect(
      call(f.core, asWeb(f.owner), "projects.update", { params: { id: randomUUID() }, body: { title: "x" } }),
    ).rejects.toMatchObject({ kind: "not_found" });
    expect(await log()).toEqual([]);
  });
});

describe("an op and its stored result are one transaction", () => {
  /** A database failure while storing this op's result, as a full disk or a crash would cause. */
  async function failStoringResultOf(opId: string) {
    if (dialectOf(f.core.db) === "postgres") {
      await sql
        .raw(
          `CREATE FUNCTION fail_op() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.op_id = '${opId}' THEN RAISE EXCEPTION 'storage failed'; END IF; RETURN NEW; END $$`,
        )
        .execute(f.core.db);
      await sql
        .raw("CREATE TRIGGER fail_op BEFORE INSERT ON sync_ops FOR EACH ROW EXECUTE FUNCTION fail_op()")
        .execute(f.core.db);
      return () => sql.raw("DROP FUNCTION fail_op() CASCADE").execute(f.core.db);
    }
    await sql
      .raw(
        `CREATE TRIGGER fail_op BEFORE INSERT ON sync_ops WHEN NEW.op_id = '${opId}' BEGIN SELECT RAISE(ABORT, 'storage failed'); END`,
      )
      .execute(f.core.db);
    return () => sql.raw("DROP TRIGGER fail_op").execute(f.core.db);
  }

  it("leaves no change behind when its result cannot be stored, so the replay applies it exactly once", async () => {
    const id = randomUUID();
    const create = op({ entityId: id, fields: NEW_PROJECT });
    const restore = await failStoringResultOf(create.opId);
    await expect(push(f.core, f.owner, [create])).rejects.toThrow("storage failed");
    expect(await f.core.db.selectFrom("projects").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await log()).toEqual([]);
    expect(await f.core.db.selectFrom("audit_log").select("id").where("target_id", "=", id).execute()).toEqual([]);

    await restore();
    const [first] = await push(f.core, f.owner, [create]);
    const [replay] = await push(f.core, f.owner, [create]);
    expect(first).toMatchObject({ status: "applied", version: 1 });
    expect(replay).toMatchObject({ status: "duplicate" });
    expect(await log()).toHaveLength(1);
  });
});
