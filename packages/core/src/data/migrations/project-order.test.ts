/** The project-order migration gives every existing project its Random key, on both dialects. */
import type { Kysely } from "kysely";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shuffleKeyOf } from "../../services/project-order.ts";
import { migrateToLatest } from "../database.ts";
import type { Database } from "../schema.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase({ before: "2026-11-26-130-project-order" }));
});
afterEach(async () => {
  await close();
});

describe("2026-11-26-130-project-order", () => {
  it("keys each existing project by its id, as new projects are keyed", async () => {
    const ids = ["0d7c1f4e-aaaa-4bbb-8ccc-000000000001", "built-in-b", "c"];
    for (const id of ids)
      await db
        .insertInto("projects")
        // shuffle_key does not exist yet: the row is written as the old schema knew it.
        .values({
          id,
          title: id,
          description: "d",
          github: null,
          external_link: null,
          is_archived: 0,
          is_latest: 0,
          tags: "[]",
          created_at: "2026-10-01T08:00:00.000Z",
          updated_at: "2026-10-01T08:00:00.000Z",
        } as never)
        .execute();
    await migrateToLatest(db);
    const rows = await db.selectFrom("projects").select(["id", "shuffle_key"]).orderBy("id").execute();
    expect(rows.map((r) => [r.id, Number(r.shuffle_key)])).toEqual(
      [...ids].sort().map((id) => [id, shuffleKeyOf(id)]),
    );
    expect(new Set(rows.map((r) => r.shuffle_key)).size).toBe(3);
  });
});
