/**
 * Idempotency keys: a creating write sent with an `Idempotency-Key` header is recorded under its
 * caller and key, with the operation, a hash of the request and, once done, the status and answer, so a
 * retry of it (by a client or a balancer) answers the same instead of creating a second row. Rows older
 * than a day are pruned, by their creation time (indexed).
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns, a two-column primary key.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    // NULL while the first request runs; its HTTP status once it answered.
    .addColumn("status", "integer")
    .addColumn("result", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_at").on("idempotency_keys").column("created_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
