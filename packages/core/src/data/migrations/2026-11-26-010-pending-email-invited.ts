/**
 * Staff correct a user's e-mail address and invite users.
 * - `users.pending_email`: the address staff set, kept apart until its owner opens the confirmation link
 *   mailed to it (the address in use stays `email` until then); NULL when no change is waiting.
 * - `users.invited_at`: when staff invited the account; an invited account is inactive with no usable
 *   password until the invited person chooses one through the mailed link. NULL for sign-ups.
 * The links themselves are rows of `tokens` (kinds `email` and `invitation`): the table is unchanged.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: two
 * nullable text columns.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("pending_email", "text").execute();
  await db.schema.alterTable("users").addColumn("invited_at", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("invited_at").execute();
  await db.schema.alterTable("users").dropColumn("pending_email").execute();
}
