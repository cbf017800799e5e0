/**
 * History for the site profile and the roles: `versions` keeps each as it stood after every
 * change, keyed by what it is (`subject`: profile | role) and which one (`subject_id`: the settings key or
 * the role key), so any version can be compared and restored, as `project_versions` does for projects.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns, JSON as text, a three-column primary key.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("versions")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text")
    .addColumn("action", "text", (c) => c.notNull())
    // JSON: the whole thing as it stood after the change.
    .addColumn("fields", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("versions_pk", ["subject", "subject_id", "version"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("versions").execute();
}
