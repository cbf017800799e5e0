/**
 * The public project list in pages, each sort done by the database over the whole list.
 *
 * - `projects.shuffle_key`: a fixed pseudo-random number per project (FNV-1a of its id, below 2^31 - 1).
 *   The Random sort orders by an affine map of it under the visit's seed, so one seed gives one order on
 *   every page. Backfilled here; new rows get it where they are inserted.
 * - Indexes for A-Z (lower(title), id) and for Status (is_archived, lower(title), id), read in that order.
 *
 * Frozen in time: never import application code here (the hash is copied on purpose). Portable: an integer
 * column, expression indexes that SQLite and PostgreSQL both accept.
 */
import { type Kysely, sql } from "kysely";

const PRIME = 2147483647;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % PRIME;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("shuffle_key", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  const rows: { id: string }[] = await db.selectFrom("projects").select("id").execute();
  for (const row of rows)
    await db.updateTable("projects").set({ shuffle_key: fnv1a(row.id) }).where("id", "=", row.id).execute();
  await sql`create index projects_title_order on projects (lower(title), id)`.execute(db);
  await sql`create index projects_status_order on projects (is_archived, lower(title), id)`.execute(db);
  await sql`create index projects_shuffle_order on projects (shuffle_key, id)`.execute(db);
}
