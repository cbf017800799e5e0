/**
 * The one way tests get a database of their own: a SQLite file in a temporary folder, or with
 * TEST_DATABASE=postgres a new database on the run's PostgreSQL cluster (docs/design.md section 6: every
 * data test runs on both dialects). Migrated to the latest schema by default (copied from a migrated template
 * on either dialect, where migrateToLatest then finds nothing to do); a migration test asks for the
 * schema just before the migration it tests (`before`), writes rows as that schema knew them, then migrates.
 * close() removes the database and the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, type DialectName, MIGRATIONS, migrateToLatest, openDatabase } from "@portfolio/core/data";
import { createScratchDatabase, MIGRATED_TEMPLATE, testDialect } from "@portfolio/core/test/postgres-cluster";
import { type Kysely, Migrator } from "kysely";
import { copyMigratedSqlite } from "./sqlite-template.ts";

export interface TestDatabaseOptions {
  /** Migrate up to, not including, this migration (a name in MIGRATIONS). */
  before?: string;
  /** false: no migration at all (an empty database, e.g. a restore target). Default true. */
  migrated?: boolean;
  /** The dialect; default TEST_DATABASE's (SQLite unless it says postgres). */
  dialect?: DialectName;
  /** The PostgreSQL cluster to use; default the run's (TEST_POSTGRES_URL, started by the vitest global setup). */
  clusterUrl?: string;
  poolSize?: number;
}

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Its DATABASE_URL (a second handle can open it). */
  url: string;
  /** A temporary folder for the test's files, removed at close. */
  dir: string;
  /** The SQLite file; empty on PostgreSQL. */
  path: string;
  /** The raw SQLite handle; undefined on PostgreSQL. */
  sqlite: ReturnType<typeof openDatabase>["sqlite"];
  close(): Promise<void>;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { before, migrated = true, poolSize = 4 } = options;
  if (before !== undefined && !(before in MIGRATIONS)) throw new Error(`No migration named ${before}.`);
  const dialect = options.dialect ?? testDialect();
  const dir = mkdtempSync(join(tmpdir(), "portfolio-db-"));
  const postgres = dialect === "postgres" ? await scratchPostgres(options.clusterUrl, migrated && !before) : undefined;
  const path = postgres ? "" : join(dir, "test.db");
  const url = postgres ? postgres.url : `file:${path}`;
  // SQLite at the latest schema: a copy of the process's migrated template (sqlite-template.ts).
  if (!postgres && migrated && before === undefined) await copyMigratedSqlite(path);
  const { db, sqlite } = openDatabase(url, { poolSize });
  const close = async () => {
    await db.destroy();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (before !== undefined) await migrateBefore(db, before);
    else if (migrated) await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, url, dir, path, sqlite, close };
}

/**
 * A new database on the cluster. A migrated one is copied from a migrated template (much faster than migrating
 * each): on the run's cluster the one its global setup made, on any other cluster (a test that starts its own)
 * one made here the first time it is asked for. A test that wants an older schema, or none, starts empty.
 */
async function scratchPostgres(clusterUrl: string | undefined, latest: boolean) {
  const runCluster = process.env.TEST_POSTGRES_URL;
  const url = clusterUrl ?? runCluster;
  if (!url) {
    throw new Error(
      "TEST_DATABASE=postgres but TEST_POSTGRES_URL is unset: run the tests through vitest (its global setup starts the cluster) or set TEST_POSTGRES_URL to a superuser URL.",
    );
  }
  if (!latest) return createScratchDatabase(url, "template1");
  const template =
    url === runCluster ? (process.env.TEST_POSTGRES_TEMPLATE ?? MIGRATED_TEMPLATE) : await migratedTemplateOn(url);
  return createScratchDatabase(url, template);
}

/** The migrated templates made on clusters other than the run's, by cluster URL. */
const ownTemplates = new Map<string, Promise<string>>();

function migratedTemplateOn(clusterUrl: string): Promise<string> {
  let template = ownTemplates.get(clusterUrl);
  if (!template) {
    template = (async () => {
      const made = await createScratchDatabase(clusterUrl, "template1");
      const { db } = openDatabase(made.url, { poolSize: 1 });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      return made.name;
    })();
    template.catch(() => ownTemplates.delete(clusterUrl));
    ownTemplates.set(clusterUrl, template);
  }
  return template;
}

async function migrateBefore(db: Kysely<Database>, migration: string): Promise<void> {
  const older = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < migration));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
  if (error) throw error;
}
