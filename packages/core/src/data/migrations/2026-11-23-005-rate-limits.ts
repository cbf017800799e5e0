/**
 * Rate-limit counters in the database (docs/security.md, promise 8): shared by every server instance and kept
 * across restarts. One row per limiter and client key; `reset_at` (ISO text) ends the current window.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns only, a composite primary key, an index for the purge of expired windows.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("limiter", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("reset_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pkey", ["limiter", "key"])
    .execute();
  await db.schema.createIndex("rate_limits_reset_at").on("rate_limits").column("reset_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
