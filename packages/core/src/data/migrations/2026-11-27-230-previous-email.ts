/**
 * `users.previous_email` and `users.email_changed_at`: the address an account used before its last change,
 * and when that change took effect. For a while after it, what staff do to the account's sign-in (removing
 * its second factors, sending a reset) is told to the previous address too, so an address changed under a
 * user's feet cannot hide the rest of a take-over from them.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: two
 * nullable text columns (an address, an ISO time), NULL for every existing account.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("previous_email", "text").execute();
  await db.schema.alterTable("users").addColumn("email_changed_at", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("email_changed_at").execute();
  await db.schema.alterTable("users").dropColumn("previous_email").execute();
}
