/**
 * Every difference between SQLite and PostgreSQL, in one place. Services and migrations call these
 * helpers instead of testing the dialect themselves (docs/design.md §4: "handled in one module, never in services").
 *
 * The storage conventions that make one schema fit both:
 * - booleans are integers 0/1 (`fromBool`, `toBool`): SQLite has no boolean type, pg's `integer` reads
 *   back as a JS number, so `row.is_active === 1` holds on both;
 * - lists and objects are JSON text (`jsonText`), never pg `json`/`jsonb`, so a row reads the same string;
 * - timestamps are ISO-8601 text in UTC (`isoText`): they sort as text and compare as text on both;
 * - case-insensitive uniqueness uses a normalized `*_key` column with a plain unique index, never
 *   `COLLATE NOCASE` (SQLite only) or `citext` (pg only);
 * - `count(...)` is a bigint on pg, which the driver hands back as a string: read it with `toCount`.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";

export type DialectName = "sqlite" | "postgres";

// biome-ignore lint/suspicious/noExplicitAny: works for the typed database, a transaction, and migrations' untyped handle.
type AnyDb = Kysely<any> | Transaction<any>;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Which dialect a handle (or a transaction of it) speaks. */
export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** A `count(...)` or `sum(...)` result: number on SQLite, decimal string (bigint) on pg. */
export function toCount(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Not a row count: ${String(value)}`);
  return n;
}

/** A boolean as stored: 0 or 1 on both dialects. */
export function fromBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** A stored boolean read back; accepts what either driver could return for a 0/1 integer column. */
export function toBool(value: number | string | boolean | bigint | null | undefined): boolean {
  return value === true || value === 1 || value === "1" || value === 1n;
}

/** A list or object stored in a text column (never a pg json type, so both dialects read one string). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** A Date as stored: ISO-8601 UTC text, which sorts and compares correctly as text on both dialects. */
export function isoText(date: Date): string {
  return date.toISOString();
}

/** A unique-constraint violation on either dialect (SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY, pg 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** pg aborted the transaction because a concurrent one conflicted with it (serialization failure or deadlock). */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40001" || code === "40P01";
}

/**
 * Runs `fn` in a SERIALIZABLE transaction, retried when pg reports a conflict, for read-check-write use
 * cases (version checks, "is this the last owner?", role edits) that must not interleave. SQLite runs one
 * writer at a time through a single connection, so its plain transaction is already serial.
 */
export async function serializableTransaction<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  if (dialectOf(db) === "sqlite") return db.transaction().execute(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel("serializable").execute(fn);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= attempts) throw error;
      // A short random pause so the conflicting transactions do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * Holds a lock named by `key` until the calling transaction ends (pg `pg_advisory_xact_lock`), so the
 * transactions that take it commit one after another. SQLite runs one writer at a time already: no-op.
 * Call it inside a transaction; outside one, pg would release the lock at once.
 */
export async function lockUntilCommit(db: AnyDb, key: number): Promise<void> {
  if (dialectOf(db) === "sqlite") return;
  await sql`select pg_advisory_xact_lock(${key})`.execute(db);
}

// ---- migration helpers ----------------------------------------------------------------------------

/**
 * An integer primary key the database numbers itself: `integer primary key autoincrement` on SQLite,
 * `integer generated by default as identity` on pg (explicit values, as a restore inserts, still work).
 */
export function addAutoIncrementPrimaryKey<TB extends string, C extends string>(
  db: AnyDb,
  table: CreateTableBuilder<TB, C>,
  column: string,
): CreateTableBuilder<TB, C> {
  if (dialectOf(db) === "postgres") {
    return table.addColumn(column, "integer", (c: ColumnDefinitionBuilder) => c.primaryKey().generatedByDefaultAsIdentity());
  }
  return table.addColumn(column, "integer", (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** Makes a table append-only in the database itself: UPDATE and DELETE fail with `<table> is append-only`. */
export async function addAppendOnlyTriggers(db: AnyDb, table: string): Promise<void> {
  const message = `${table} is append-only`;
  if (dialectOf(db) === "postgres") {
    await sql
      .raw(
        `CREATE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
      )
      .execute(db);
    for (const operation of ["UPDATE", "DELETE"]) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_no_${operation.toLowerCase()} BEFORE ${operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_append_only()`,
        )
        .execute(db);
    }
    return;
  }
  for (const operation of ["UPDATE", "DELETE"]) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_no_${operation.toLowerCase()} BEFORE ${operation} ON ${table} BEGIN SELECT RAISE(ABORT, '${message}'); END`,
      )
      .execute(db);
  }
}

export async function dropAppendOnlyTriggers(db: AnyDb, table: string): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql.raw(`DROP FUNCTION IF EXISTS ${table}_append_only() CASCADE`).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER IF EXISTS ${table}_no_update`).execute(db);
  await sql.raw(`DROP TRIGGER IF EXISTS ${table}_no_delete`).execute(db);
}

/**
 * A column of raw bytes: `blob` on SQLite, `bytea` on pg (both read back as a Node Buffer). Only the
 * pictures' chunks use it (docs/design.md §4: pictures live in the database so every backup has them).
 */
export function addBytesColumn<TB extends string, C extends string>(
  db: AnyDb,
  table: CreateTableBuilder<TB, C>,
  column: string,
): CreateTableBuilder<TB, C> {
  const type = dialectOf(db) === "postgres" ? "bytea" : "blob";
  return table.addColumn(column, type, (c: ColumnDefinitionBuilder) => c.notNull());
}
