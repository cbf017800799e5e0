/**
 * Breaks the audit log on purpose, as someone who can write the database (but not read AUDIT_KEY) would:
 * through a second handle on the same database, with the append-only guard lifted for the change.
 */
import { type Database, dialectOf, openDatabase } from "@portfolio/core/data";
import { type Kysely, sql, type Transaction } from "kysely";

export async function tamperAuditLog(
  databaseUrl: string,
  change: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<void> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    await withoutGuard(db, change);
  } finally {
    await db.destroy();
  }
}

async function withoutGuard(db: Kysely<Database>, change: (trx: Transaction<Database>) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === "postgres") {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER USER`.execute(trx);
      await change(trx);
      await sql`ALTER TABLE audit_log ENABLE TRIGGER USER`.execute(trx);
      return;
    }
    const triggers = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`.execute(trx);
    for (const t of triggers.rows) await sql`DROP TRIGGER ${sql.id(t.name)}`.execute(trx);
    await change(trx);
    for (const t of triggers.rows) await sql.raw(t.sql).execute(trx);
  });
}
