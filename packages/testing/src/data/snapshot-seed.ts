/**
 * Many plain projects written straight into a database, for tests of a snapshot that comes in several pages
 * (a first pull sends at most 1000 projects a page): ids `bulk-0000`, `bulk-0001`, … in the order a snapshot
 * pages them, titles `Bulk 0`, `Bulk 1`, …
 */
import type { Database } from "@portfolio/core/data";
import type { Kysely } from "kysely";

/** Rows per INSERT: well under SQLite's limit on bound parameters (ten a row). */
const BATCH = 200;

/** The id of the `i`th bulk project. */
export function bulkProjectId(i: number): string {
  return `bulk-${String(i).padStart(4, "0")}`;
}

export async function seedBulkProjects(db: Kysely<Database>, count: number): Promise<void> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: bulkProjectId(i),
    title: `Bulk ${i}`,
    description: "One of many.",
    github: null,
    external_link: null,
    is_archived: 0,
    is_latest: 0,
    tags: "[]",
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto("projects")
      .values(rows.slice(i, i + BATCH))
      .execute();
}
