/**
 * A fresh, migrated database for a server test that needs only a database (no app): a SQLite file, or with
 * TEST_DATABASE=postgres a new database on the run's PostgreSQL cluster. close() removes it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, migrateToLatest, openDatabase } from "@portfolio/core/data";
import { createTestPostgresDatabase, testDialect } from "@portfolio/core/test/postgres-cluster";
import type { Kysely } from "kysely";

export interface TestDatabase {
  db: Kysely<Database>;
  url: string;
  dir: string;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-db-"));
  const postgres = testDialect() === "postgres" ? await createTestPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${join(dir, "test.db")}`;
  const { db } = openDatabase(url, { poolSize: 4 });
  await migrateToLatest(db);
  return {
    db,
    url,
    dir,
    async close() {
      await db.destroy();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
