/** Opens the database named by DATABASE_URL and brings its schema up to date. */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrationProvider } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export const DEFAULT_DATABASE_URL = "file:./data/portfolio.db";

/** Accepts `file:<path>`, a bare path, or `:memory:`. PostgreSQL URLs are refused until supported. */
export function sqlitePathFromUrl(url: string): string {
  if (url === ":memory:" || url === "file::memory:") return ":memory:";
  if (/^postgres(ql)?:\/\//.test(url)) {
    throw new Error("DATABASE_URL: PostgreSQL is not supported yet; use a file: URL for SQLite.");
  }
  const path = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (path === "") throw new Error("DATABASE_URL: the file path is empty.");
  return resolve(path);
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  /** The raw SQLite handle, for backups (`backup()`) and WAL checkpoints. */
  sqlite: SQLite.Database;
}

export function openDatabase(url: string = DEFAULT_DATABASE_URL): OpenedDatabase {
  const path = sqlitePathFromUrl(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers (and a running backup) proceed during writes; a committed transaction survives a crash.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = FULL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
