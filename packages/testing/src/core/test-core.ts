/**
 * A Core over a test database of its own (openTestDatabase: SQLite, or with TEST_DATABASE=postgres a fresh
 * database on the run's PostgreSQL cluster), with a mailer that keeps mails in memory.
 */
import type { DialectName, openDatabase } from "@portfolio/core/data";
import { type Core, DEFAULT_CORE_CONFIG, type MailMessage, sealAuditLogOnce } from "@portfolio/core/services";
import { openTestDatabase } from "../data/test-database.ts";

/** The audit chain's key in core tests (a server test reads AUDIT_KEY like the server). */
export const TEST_AUDIT_KEY = "test-audit-key-0123456789abcdef";

/** The second factors' key in core tests. */
export const TEST_SECOND_FACTOR_KEY = "test-second-factor-key-0123456789";

export interface TestCore extends Core {
  /** A temporary folder for the test's files (removed at close). */
  dir: string;
  dialect: DialectName;
  /** The DATABASE_URL of this core's database (a second handle can open it). */
  databaseUrl: string;
  /** The SQLite file; empty on PostgreSQL. */
  dbPath: string;
  sent: MailMessage[];
  /** The raw SQLite handle; undefined on PostgreSQL. */
  sqlite: ReturnType<typeof openDatabase>["sqlite"];
  close(): Promise<void>;
}

export async function createTestCore(): Promise<TestCore> {
  const { db, sqlite, dir, dialect, url, path, close } = await openTestDatabase();
  await sealAuditLogOnce(db, { config: { auditKey: TEST_AUDIT_KEY }, now: () => new Date() });
  const sent: MailMessage[] = [];
  return {
    db,
    sqlite,
    dir,
    dialect,
    databaseUrl: url,
    dbPath: path,
    sent,
    mailer: {
      async send(message) {
        sent.push(message);
      },
      // Queued mail lands in `sent` at once, so core tests read it without waiting.
      enqueue(message) {
        sent.push(message);
      },
      async drain() {},
      queued: () => 0,
    },
    config: {
      ...DEFAULT_CORE_CONFIG,
      bcryptCost: 4,
      publicUrl: "http://localhost:3000",
      auditKey: TEST_AUDIT_KEY,
      secondFactorKey: TEST_SECOND_FACTOR_KEY,
    },
    now: () => new Date(),
    close,
  };
}
