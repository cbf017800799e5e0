/**
 * PostgreSQL's audit chain head row follows each chained entry inside the INSERT that writes it (an audited
 * edit's cost): a writer locks the head row, chains onto its hash and inserts the entry, and this trigger moves
 * the row onto the entry in that same statement, one statement fewer per audited write. It moves the head
 * forward only (a lower seq never takes it back). Unchained entries (no hash yet, sealed later by
 * `sealAuditLog`, which moves the head itself) leave it alone.
 *
 * SQLite gets nothing: its writers read the head from the newest entry (audit-head.ts), and the row is not
 * moved there at all.
 *
 * Frozen in time: never import application code here, and never edit it once shipped.
 */
import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql
    .raw(
      `CREATE FUNCTION audit_log_move_head() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        UPDATE audit_chain SET seq = NEW.seq, entry_id = NEW.id, hash = NEW.hash WHERE name = 'head' AND seq < NEW.seq;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql
    .raw(
      "CREATE TRIGGER audit_log_move_head AFTER INSERT ON audit_log FOR EACH ROW WHEN (NEW.hash IS NOT NULL) EXECUTE FUNCTION audit_log_move_head()",
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql.raw("DROP FUNCTION IF EXISTS audit_log_move_head() CASCADE").execute(db);
}
