/**
 * Sync retention (docs/security.md, promise 27): `sync_ops` and `sync_changes` are pruned by age, so each gets an
 * index on its time column and the periodic prune reads only what it deletes.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: plain
 * indexes on text columns.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("sync_ops_applied_at").on("sync_ops").column("applied_at").execute();
  await db.schema.createIndex("sync_changes_at").on("sync_changes").column("at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sync_changes_at").execute();
  await db.schema.dropIndex("sync_ops_applied_at").execute();
}
