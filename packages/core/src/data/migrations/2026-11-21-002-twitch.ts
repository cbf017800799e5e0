/**
 * The Twitch authorization stored by POST /api/twitch-callback. Frozen in time: never import application
 * code here, and never edit a migration that has shipped; add a new one instead.
 *
 * access_token and auth_code are credentials: `secret_format` says how they are stored ("aes-256-gcm" when
 * TWITCH_TOKEN_KEY was set, else "plain"); no answer or log line ever carries them.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("twitch_authorizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("access_token", "text")
    .addColumn("auth_code", "text")
    .addColumn("secret_format", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("token_type", "text")
    .addColumn("client_timestamp", "text")
    .addColumn("user_agent", "text")
    .addColumn("referrer", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("twitch_authorizations_created_at").on("twitch_authorizations").column("created_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("twitch_authorizations").execute();
}
