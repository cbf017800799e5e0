/**
 * The audit log proves itself (docs/security.md, promise 32): every entry carries `hash`, an HMAC-SHA256 over its
 * canonical form and `prev_hash` (the hash of the entry before it), keyed with a secret kept outside the
 * database. `audit_chain` holds two rows: `head` (the newest entry's hash: writers lock this row, so two
 * instances on PostgreSQL never fork the chain) and, once pruned, `checkpoint` (the last pruned entry's hash,
 * keyed too, where verification starts). Both are written by the application when first needed, so a
 * freshly migrated database stays empty (a restore may go into it).
 *
 * The append-only guard is rewritten: an entry may be updated only while it has no hash (entries written
 * before this migration are sealed once at the next start, and nothing but their hash may change then), and
 * deleted only up to the checkpoint (pruning, by AUDIT_RETENTION_DAYS). Everything else still fails with `audit_log is append-only`.
 *
 * Frozen in time: never import application code here, and never edit it once shipped.
 */
import { type Kysely, sql } from "kysely";
import { dialectOf, dropAppendOnlyTriggers } from "../dialect.ts";

const MESSAGE = "audit_log is append-only";
const COLUMNS = ["seq", "id", "at", "actor_id", "actor_name", "action", "kind", "target_type", "target_id", "details"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("prev_hash", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();
  await db.schema
    .createTable("audit_chain")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("entry_id", "text")
    .addColumn("hash", "text")
    .addColumn("mac", "text")
    .execute();

  // Replaces the guards of the initial and the scale migrations (the latter let housekeeping delete rows older
  // than a cutoff in audit_purge; pruning now goes through the keyed checkpoint instead).
  await dropAppendOnlyTriggers(db, "audit_log");
  if (dialectOf(db) === "postgres") {
    await sql.raw("DROP TRIGGER IF EXISTS audit_log_no_delete ON audit_log").execute(db);
    await sql.raw("DROP FUNCTION IF EXISTS audit_log_delete_guard()").execute(db);
  }
  const checkpointSeq = "COALESCE((SELECT seq FROM audit_chain WHERE name = 'checkpoint'), 0)";
  if (dialectOf(db) === "postgres") {
    const changed = COLUMNS.map((c) => `NEW.${c} IS DISTINCT FROM OLD.${c}`).join(" OR ");
    await sql
      .raw(
        `CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          IF TG_OP = 'UPDATE' THEN
            IF OLD.hash IS NULL AND NOT (${changed}) THEN RETURN NEW; END IF;
          ELSIF OLD.seq <= ${checkpointSeq} THEN RETURN OLD;
          END IF;
          RAISE EXCEPTION '${MESSAGE}';
        END $$`,
      )
      .execute(db);
    for (const operation of ["UPDATE", "DELETE"]) {
      await sql
        .raw(
          `CREATE TRIGGER audit_log_no_${operation.toLowerCase()} BEFORE ${operation} ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
        )
        .execute(db);
    }
    return;
  }
  const changed = COLUMNS.map((c) => `NEW.${c} IS NOT OLD.${c}`).join(" OR ");
  await sql
    .raw(
      `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log WHEN OLD.hash IS NOT NULL OR ${changed} BEGIN SELECT RAISE(ABORT, '${MESSAGE}'); END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log WHEN OLD.seq > ${checkpointSeq} BEGIN SELECT RAISE(ABORT, '${MESSAGE}'); END`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_chain").execute();
}
