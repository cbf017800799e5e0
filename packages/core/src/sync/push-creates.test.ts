/** New projects of a push written a run at a time (push-creates.ts): the same rows as one op at a time. */
import { randomUUID } from "node:crypto";
import { createSyncFixture, NEW_PROJECT, op, push, type SyncFixture } from "@portfolio/testing/core/sync-fixture.ts";
import { TEST_AUDIT_KEY } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "../data/schema.ts";
import { PICTURE_MESSAGES } from "../domain/picture-messages.ts";
import type { SyncOp } from "../domain/sync.ts";
import { verifyAuditChain } from "../services/audit-chain.ts";

let f: SyncFixture;
let g: SyncFixture | undefined;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
  await g?.close();
  g = undefined;
});

/** `n` new projects, numbered, every seventh wishing the same slug. */
function creates(n: number): SyncOp[] {
  return Array.from({ length: n }, (_, i) =>
    op({
      entityId: randomUUID(),
      fields: { ...NEW_PROJECT, title: `Offline ${i % 7 === 3 ? "twin" : i}`, tags: [`t${i}`] },
    }),
  );
}

/** A JSON column with its times taken out (each push reads the clock anew). */
const timeless = (json: string) => json.replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"');

/** What a push leaves, without what differs from run to run (ids of audit entries, clocks). */
async function written(db: Db) {
  const projects = await db
    .selectFrom("projects")
    .select(["id", "title", "slug", "tags", "version", "is_latest"])
    .orderBy("id")
    .execute();
  const versions = await db
    .selectFrom("project_versions")
    .select(["project_id", "version", "action", "actor_name", "fields"])
    .orderBy("project_id")
    .execute();
  const changes = await db
    .selectFrom("sync_changes")
    .select(["entity_id", "fields", "version", "deleted", "client_id"])
    .where("entity", "=", "project")
    .orderBy("seq")
    .execute();
  const audit = await db
    .selectFrom("audit_log")
    .select(["action", "actor_name", "target_id", "details"])
    .where("action", "=", "project.create")
    .orderBy("seq")
    .execute();
  const edits = await db.selectFrom("daily_counts").select(["metric", "count"]).where("metric", "=", "edits").execute();
  return {
    projects,
    versions: versions.map((row) => ({ ...row, fields: timeless(row.fields) })),
    changes: changes.map((row) => ({ ...row, fields: timeless(row.fields) })),
    audit: audit.map((row) => ({ ...row, details: timeless(row.details) })),
    edits: edits.map((row) => Number(row.count)),
  };
}

// 210: past the 200 projects a statement carries; pushing them one by one takes a while on PostgreSQL.
it("writes 210 new projects pushed together as 210 pushes of one would: rows, slugs, versions, change log and audit trail in op order", {
  timeout: 90_000,
}, async () => {
  const ops = creates(210);
  const together = await push(f.core, f.owner, ops);
  expect(together.every((result) => result.status === "applied" && result.version === 1)).toBe(true);
  g = await createSyncFixture();
  for (const each of ops) await push(g.core, g.owner, [each]);
  const [a, b] = [await written(f.core.db), await written(g.core.db)];
  expect(a.projects).toHaveLength(210);
  expect(a.audit.map((row) => row.target_id)).toEqual(ops.map((each) => each.entityId));
  expect(a).toEqual(b);
  expect(await verifyAuditChain(f.core.db, TEST_AUDIT_KEY)).toMatchObject({ ok: true });
});

it("answers a refused op of a run alone and applies the others", async () => {
  const ops = creates(3);
  ops[1] = op({ entityId: randomUUID(), fields: { ...NEW_PROJECT, title: "" } });
  const results = await push(f.core, f.owner, ops);
  expect(results.map((result) => result.status)).toEqual(["applied", "rejected", "applied"]);
  expect((await written(f.core.db)).projects).toHaveLength(2);
});

it("applies a run one op at a time when its write is refused: a picture never uploaded rejects only its op", async () => {
  const ops = creates(3);
  const picture = { hash: "a".repeat(64), alt: "A", caption: "", width: 1, height: 1, cover: false };
  ops[2] = op({ entityId: randomUUID(), fields: { ...NEW_PROJECT, pictures: [picture] } });
  const results = await push(f.core, f.owner, ops);
  expect(results.map((result) => result.status)).toEqual(["applied", "applied", "rejected"]);
  expect(results[2]).toMatchObject({ message: PICTURE_MESSAGES.notUploaded });
  expect((await written(f.core.db)).projects).toHaveLength(2);
  expect(await verifyAuditChain(f.core.db, TEST_AUDIT_KEY)).toMatchObject({ ok: true });
});

it("creates a project marked latest on its own, in its place among the run's", async () => {
  const ops = creates(4);
  ops[1] = op({ entityId: randomUUID(), fields: { ...NEW_PROJECT, title: "Latest", isLatest: true } });
  const results = await push(f.core, f.owner, ops);
  expect(results.map((result) => result.status)).toEqual(["applied", "applied", "applied", "applied"]);
  const { projects, audit } = await written(f.core.db);
  expect(projects.filter((row) => row.is_latest === 1).map((row) => row.title)).toEqual(["Latest"]);
  expect(audit.map((row) => row.target_id)).toEqual(ops.map((each) => each.entityId));
});
