/** The project-pictures migration gives every existing project (and every trashed one) a unique slug, on both dialects. */
import type { Kysely } from "kysely";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-27-300-project-pictures" }));
});
afterEach(async () => {
  await close();
});

const row = (id: string, title: string, createdAt: string) => ({
  id,
  title,
  description: "d",
  github: null,
  external_link: null,
  is_archived: 0,
  is_latest: 0,
  tags: "[]",
  created_at: createdAt,
  updated_at: createdAt,
});

describe("2026-11-27-300-project-pictures", () => {
  it("backfills slugs from the titles, oldest first, unique with -2 and -3, each recorded in project_slugs", async () => {
    await db
      .insertInto("projects")
      .values([
        row("a", "Crème Brûlée", "2026-10-01T08:00:00.000Z"),
        row("b", "creme brulee!", "2026-10-02T08:00:00.000Z"),
        row("c", "Crème -- Brûlée", "2026-10-03T08:00:00.000Z"),
        row("d", "日本", "2026-10-04T08:00:00.000Z"),
      ] as never)
      .execute();
    await migrateToLatest(db);
    const rows = await db.selectFrom("projects").select(["id", "slug", "long_description", "pictures"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "a", slug: "creme-brulee", long_description: "", pictures: "[]" },
      { id: "b", slug: "creme-brulee-2", long_description: "", pictures: "[]" },
      { id: "c", slug: "creme-brulee-3", long_description: "", pictures: "[]" },
      { id: "d", slug: "project", long_description: "", pictures: "[]" },
    ]);
    const slugs = await db.selectFrom("project_slugs").select(["slug", "project_id"]).orderBy("project_id").execute();
    expect(slugs.map((s) => `${s.project_id}:${s.slug}`)).toEqual([
      "a:creme-brulee",
      "b:creme-brulee-2",
      "c:creme-brulee-3",
      "d:project",
    ]);
  });

  it("gives a trashed project its slug too, so a restore brings its address back and no one took it", async () => {
    await db.insertInto("projects").values(row("a", "Same", "2026-10-01T08:00:00.000Z") as never).execute();
    await db
      .insertInto("trash")
      .values({
        type: "project",
        id: "t",
        title: "Same",
        data: JSON.stringify(row("t", "Same", "2026-09-01T08:00:00.000Z")),
        deleted_at: "2026-10-05T08:00:00.000Z",
        deleted_by: "owner",
        purge_at: "2026-12-05T08:00:00.000Z",
      })
      .execute();
    await migrateToLatest(db);
    const trashed = await db.selectFrom("trash").select("data").executeTakeFirstOrThrow();
    expect(JSON.parse(trashed.data)).toMatchObject({ slug: "same-2", long_description: "", pictures: "[]" });
  });
});
