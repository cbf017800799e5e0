/**
 * For migration tests: an empty database on the dialect under test (TEST_DATABASE), migrated by hand up to
 * (not including) one migration, so a test can write rows as the old schema knew them and then migrate.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, Migrator } from "kysely";
import { createScratchDatabase, testDialect } from "../../test/postgres-cluster.ts";
import { openDatabase } from "../database.ts";
import type { Database } from "../schema.ts";
import { MIGRATIONS } from "./index.ts";

export async function databaseBefore(migration: string): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (!(migration in MIGRATIONS)) throw new Error(`No migration named ${migration}.`);
  const dir = mkdtempSync(join(tmpdir(), "portfolio-migration-"));
  const clusterUrl = process.env.TEST_POSTGRES_URL;
  if (testDialect() === "postgres" && !clusterUrl) throw new Error("TEST_DATABASE=postgres needs TEST_POSTGRES_URL.");
  const postgres = testDialect() === "postgres" && clusterUrl ? await createScratchDatabase(clusterUrl) : undefined;
  const { db } = openDatabase(postgres ? postgres.url : `file:${join(dir, "m.db")}`);
  const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < migration));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
  if (error) throw error;
  return {
    db,
    async close() {
      await db.destroy();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
