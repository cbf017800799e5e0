/**
 * Desktop sync (docs/design.md §4 and 5): the desktop's device tokens, the operations a push has answered
 * (so a replay applies nothing twice) and the change log behind pull and the conflict check.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns only; the change log's sequence is numbered by the database through the dialect helper
 * (data layer, not application code), `integer primary key autoincrement` on SQLite, an identity on pg.
 */
import type { Kysely } from "kysely";
import { addAutoIncrementPrimaryKey } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("device_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("device_tokens_user_id").on("device_tokens").column("user_id").execute();

  await db.schema
    .createTable("sync_ops")
    .addColumn("op_id", "text", (c) => c.primaryKey())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("applied_at", "text", (c) => c.notNull())
    .execute();

  await addAutoIncrementPrimaryKey(db, db.schema.createTable("sync_changes"), "seq")
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("deleted", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    // The desktop whose push made the change (NULL: the web or another service), so its own later ops
    // never conflict with it.
    .addColumn("client_id", "text")
    .execute();
  await db.schema
    .createIndex("sync_changes_entity")
    .on("sync_changes")
    .columns(["entity", "entity_id", "version"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sync_changes").execute();
  await db.schema.dropTable("sync_ops").execute();
  await db.schema.dropTable("device_tokens").execute();
}
