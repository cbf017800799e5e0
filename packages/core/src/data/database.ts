/** Opens the database named by DATABASE_URL (SQLite file or PostgreSQL) and brings its schema up to date. */
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import {
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  type LogEvent,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  sql,
} from "kysely";
import type pg from "pg";
import { createRequire } from "node:module";
import { type DialectName, dialectOf, isPostgresUrl } from "./dialect.ts";
import { MIGRATIONS, migrationProvider } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

const requireCjs = createRequire(import.meta.url);

/** Kysely's table of applied migrations. */
const MIGRATION_TABLE = DEFAULT_MIGRATION_TABLE;

export const DEFAULT_DATABASE_URL = "file:./data/portfolio.db";
export const DEFAULT_POOL_SIZE = 10;

/** Accepts `file:<path>`, a bare path, or `:memory:`. */
export function sqlitePathFromUrl(url: string): string {
  if (url === ":memory:" || url === "file::memory:") return ":memory:";
  if (isPostgresUrl(url)) throw new Error("DATABASE_URL: a PostgreSQL URL is not a SQLite path.");
  const path = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (path === "") throw new Error("DATABASE_URL: the file path is empty.");
  return resolve(path);
}

/** DATABASE_POOL_SIZE: connections per process to PostgreSQL (ignored for SQLite, which has one). */
export function poolSizeFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_POOL_SIZE;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new Error("DATABASE_POOL_SIZE: must be a whole number from 1 to 1000.");
  }
  return size;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle (WAL checkpoints, pragmas); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** The connections held now (the server's metrics): PostgreSQL's pool, or SQLite's one connection. */
  poolUse(): PoolUse;
}

export interface PoolUse {
  /** Connections open. */
  total: number;
  /** Open and free. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** Pool size for PostgreSQL; defaults to DATABASE_POOL_SIZE, else 10. */
  poolSize?: number;
  /** Told how long each query took, and whether it failed (the server's metrics); never its text or values. */
  onQuery?: (durationMs: number, failed: boolean) => void;
}

/** Kysely's query log, reduced to a duration and an outcome: the SQL and its parameters may hold secrets. */
function queryTimer(onQuery: OpenDatabaseOptions["onQuery"]) {
  return onQuery ? (event: LogEvent) => onQuery(event.queryDurationMillis, event.level === "error") : undefined;
}

/** The SQLite handle behind each Kysely instance `openDatabase` made (never behind a transaction's). */
const sqliteHandles = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * The raw SQLite handle behind `db`, for a read too hot for a query builder (verifying the whole audit
 * chain). Use it only inside `db.connection().execute(...)`: Kysely then holds the one connection, so no
 * transaction is open on it (the read never sees another request's uncommitted writes).
 */
export function sqliteHandleOf(db: Kysely<Database>): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

export function openDatabase(url: string = DEFAULT_DATABASE_URL, options: OpenDatabaseOptions = {}): OpenedDatabase {
  if (isPostgresUrl(url)) {
    // Loaded only for PostgreSQL: a SQLite server never pays for the driver at start (docs/performance.md, "Start").
    const { Pool } = requireCjs("pg") as typeof pg;
    const pool = new Pool({
      connectionString: url,
      max: options.poolSize ?? poolSizeFrom(process.env.DATABASE_POOL_SIZE),
      // How long a request waits to connect or for a free client. A refused connection fails at once (health
      // checks rely on that); a burst of writes, which queue on the audit chain's lock across every instance,
      // waits its turn instead of failing after a few seconds on a busy machine.
      connectionTimeoutMillis: 15_000,
    });
    // An idle client losing its connection (database restart) must not crash the process; the pool
    // replaces it and the next query reports the error where it can be handled.
    pool.on("error", () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryTimer(options.onQuery) }),
      dialect: "postgres",
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const path = sqlitePathFromUrl(url);
  if (path !== ":memory:") ownerOnlyFile(path);
  const sqlite = new SQLite(path);
  // WAL lets readers (and a running backup) proceed during writes; a committed transaction survives a crash.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = FULL");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: queryTimer(options.onQuery),
  });
  sqliteHandles.set(db, sqlite);
  // One connection, used synchronously: between two turns of the event loop it is always free.
  return { db, dialect: "sqlite", sqlite, poolUse: () => ({ total: sqlite.open ? 1 : 0, idle: sqlite.open ? 1 : 0, waiting: 0 }) };
}

/** Statements kept prepared per connection: enough for every query the product makes. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The handle Kysely gets: `prepare` answers a statement already prepared for the same SQL. Kysely prepares
 * every query it runs, and SQLite's prepare costs as much as running a small write (bench:history); a
 * statement is reusable, and SQLite prepares it again by itself when a migration changes the schema.
 * Least recently used first out.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * The database holds every password and token hash: its file is readable by its owner only (docs/security.md, promise 29),
 * created so, and tightened if an older install left it readable by others. SQLite gives the -wal and -shm
 * files it creates the database file's permissions.
 */
function ownerOnlyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}

/** The name of the newest migration this code knows: the schema version backups record. */
export function latestMigrationName(): string {
  const names = Object.keys(MIGRATIONS).sort();
  const last = names.at(-1);
  if (!last) throw new Error("No migrations are registered.");
  return last;
}

/**
 * Whether every migration this code knows has run, in two reads: the migrations table exists (asked of
 * the catalog, so a new database answers no rather than with a failed statement), then as many applied as
 * known, the newest of them the newest known (names sort in the order they run).
 */
// biome-ignore lint/suspicious/noExplicitAny: also checks untyped handles (backup/restore targets).
async function schemaIsCurrent(db: Kysely<any>): Promise<boolean> {
  const table = dialectOf(db) === "sqlite"
    ? await sql`select 1 as found from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db)
    : await sql`select 1 as found where to_regclass(${MIGRATION_TABLE}) is not null`.execute(db);
  if (table.rows.length === 0) return false;
  const row = await db
    .selectFrom(MIGRATION_TABLE)
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("name").as("last")])
    .executeTakeFirst();
  return Number(row?.count) === Object.keys(MIGRATIONS).length && row?.last === latestMigrationName();
}

/**
 * Runs every pending migration. On PostgreSQL Kysely's migrator holds an advisory lock for the whole
 * run, so several instances starting at once migrate exactly once (the others wait, then find nothing
 * to do); each migration runs in a transaction on both dialects. A schema already current costs two
 * reads and no lock (docs/performance.md, "Start"): the migrator's own setup (its tables, its lock,
 * reading every applied name) is what a restart would otherwise pay every time.
 */
// biome-ignore lint/suspicious/noExplicitAny: also migrates untyped handles (backup/restore targets).
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  if (await schemaIsCurrent(db)) return;
  // SQLite: each migration commits on its own, and with synchronous=FULL each commit waits for the disk
  // (most of a first start). NORMAL keeps the file consistent whatever happens (WAL); a crash can only
  // undo the last migrations, which then run again at the next start. The first commit after FULL is back
  // syncs the whole log, so nothing written here stays unsynced (docs/performance.md, "Start").
  const sqlite = sqliteHandles.get(db);
  sqlite?.pragma("synchronous = NORMAL");
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest().finally(() => sqlite?.pragma("synchronous = FULL"));
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
