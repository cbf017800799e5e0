/**
 * `media.source_hash`: on an original, the SHA-256 of the bytes as they were uploaded, before the server
 * stripped their metadata (the row's `hash` is of the stripped bytes). The desktop app, which cannot strip
 * them (no sharp there), knows a picture added offline by that hash only, and asks the server which of its
 * pictures it already has before sending any (docs/design.md §5). Null on variants and on originals stored
 * before this column. Additive and portable: one nullable text column and its index.
 *
 * Frozen in time: never import application code here.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").addColumn("source_hash", "text").execute();
  await db.schema.createIndex("media_source_hash").on("media").column("source_hash").execute();
}
