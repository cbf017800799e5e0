/**
 * Second factors (docs/security.md, promise 30): an authenticator (TOTP) secret per user, its ten single-use recovery
 * codes (SHA-256 only), passkeys (WebAuthn public keys), and the short-lived login steps: a password checked
 * and waiting for its second factor, or a WebAuthn challenge waiting for its answer.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns only.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_totp")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // Encrypted (`v1.` prefix) when a key is configured, else the base32 secret as is.
    .addColumn("secret", "text", (c) => c.notNull())
    // NULL until a first code confirms the enrolment; only a confirmed authenticator is a second factor.
    .addColumn("confirmed_at", "text")
    // The last 30 s step a code was accepted for: a code is never accepted twice.
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The credential id (base64url) the authenticator chose: how a sign-in finds its passkey.
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull())
    .addColumn("transports", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();
  await db.schema
    .createTable("login_steps")
    // SHA-256 of the step's cookie token, or `register:<user id>` for a passkey being added.
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("challenge", "text")
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  // When a session's login proved a second factor: the desktop's connect mints its token right after, with
  // the same proof instead of a second code 30 s later.
  await db.schema.alterTable("sessions").addColumn("second_factor_at", "text").execute();
  await db.schema.createIndex("login_steps_expires_at").on("login_steps").column("expires_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("second_factor_at").execute();
  await db.schema.dropTable("login_steps").execute();
  await db.schema.dropTable("passkeys").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("user_totp").execute();
}
