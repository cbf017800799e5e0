/**
 * Nothing is lost for good: `project_versions` keeps every project as it stood after each change
 * (restorable), and `trash` keeps a deleted project for TRASH_RETENTION_DAYS before it is purged.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns, JSON as text, two-column primary keys.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("project_versions")
    // No foreign key: a project's history outlives its row while it is in the trash.
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text")
    .addColumn("action", "text", (c) => c.notNull())
    // JSON: title, description, github, externalLink, isArchived, isLatest, tags as they stood after the change.
    .addColumn("fields", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("project_versions_pk", ["project_id", "version"])
    .execute();

  await db.schema
    .createTable("trash")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    // JSON: the whole row as it was deleted, put back as it was by a restore.
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .addColumn("deleted_by", "text", (c) => c.notNull())
    .addColumn("purge_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("trash_pk", ["type", "id"])
    .execute();
  await db.schema.createIndex("trash_purge_at").on("trash").column("purge_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trash").execute();
  await db.schema.dropTable("project_versions").execute();
}
