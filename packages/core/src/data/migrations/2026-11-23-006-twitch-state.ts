/**
 * The single-use `state` of 'Connect Twitch' (docs/security.md, promise 22): issued to one session, valid 10 minutes, spent by
 * the callback that stores the authorization. Only its SHA-256 hash is kept; ending the session (logout,
 * deactivation, password change) deletes its states with it.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text
 * columns only (ISO-8601 times), a foreign key with ON DELETE CASCADE, plain indexes.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("twitch_states")
    .addColumn("state_hash", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("twitch_states_session_id").on("twitch_states").column("session_id").execute();
  await db.schema.createIndex("twitch_states_expires_at").on("twitch_states").column("expires_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("twitch_states").execute();
}
