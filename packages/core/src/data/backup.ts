/**
 * Portable backup and restore: the same file moves a site between SQLite and PostgreSQL.
 *
 * Format (gzip of NDJSON, one JSON value per line):
 *   {"format":"portfolio-backup/1","schemaVersion":"<newest applied migration>","dialect":"sqlite",
 *    "createdAt":"<ISO>","tables":{"users":3,...}}
 *   {"t":"users","r":{...one row, column: value...}}
 *   ...
 * Every value is a string, a number or null (the schema stores booleans as 0/1 and lists as JSON text,
 * see dialect.ts; a picture's bytes are base64 text, at most 1 MiB of bytes a row), so rows read back equal
 * on either dialect. Tables come parents first, so a restore can
 * insert in file order without breaking a foreign key.
 *
 * The backup reads every table inside ONE read transaction (a consistent snapshot while the server keeps
 * writing). A restore first reads the whole file to check it (gzip checksum, line sizes, JSON, tables
 * named in the header, row counts against it), then loads it in ONE transaction, checking each row against
 * the target's columns before inserting it, and checks the counts again before committing: a corrupted,
 * truncated or crafted file, or any failure, changes nothing, and the refusal names the line and table.
 */
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { type ColumnMetadata, type Kysely, Migrator, sql, type Transaction } from "kysely";
import { newestChainedEntry, placeHeadRow } from "./audit-head.ts";
import { BackupError } from "./backup-error.ts";
import { readBackupLines } from "./backup-lines.ts";
import type { Database } from "./schema.ts";
import { insertableRow, insertFailureReason, type Row, rowProblem } from "./backup-rows.ts";
import { migrateToLatest } from "./database.ts";
import { type DialectName, dialectOf, toCount } from "./dialect.ts";
import { MIGRATIONS, migrationProvider } from "./migrations/index.ts";

export { BackupError } from "./backup-error.ts";
export { MAX_BACKUP_LINE_BYTES } from "./backup-lines.ts";

export const BACKUP_FORMAT = "portfolio-backup/1";

/** The most row text one insert statement of a restore carries. */
const MAX_BATCH_TEXT = 4 * 1024 * 1024;

// biome-ignore lint/suspicious/noExplicitAny: a backup walks whatever tables the schema has.
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyDb.
type AnyTrx = Transaction<any>;

export interface BackupHeader {
  format: string;
  schemaVersion: string;
  dialect: DialectName;
  createdAt: string;
  tables: Record<string, number>;
}

/** What a backup reports besides its header. */
export interface BackupWritten extends BackupHeader {
  /**
   * The audit chain's head in the snapshot, `<entry id>:<hash>`: printed with every backup, so a
   * later verification against it finds entries cut off the end. (Its rows are in the file; the header's
   * keys stay as they were, so older readers of the format are not surprised.)
   */
  auditHead: string | null;
}

const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** The application's tables, parents before children (by foreign key). */
async function tablesInOrder(db: AnyDb | AnyTrx): Promise<string[]> {
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.isView && !MIGRATION_TABLES.has(t.name))
    .map((t) => t.name)
    .sort();
  const edges =
    dialectOf(db) === "postgres"
      ? await sql<{ child: string; parent: string }>`
          SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
          JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(db)
      : await sql<{ child: string; parent: string }>`
          SELECT m.name AS child, f."table" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f
          WHERE m.type = 'table'`.execute(db);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges.rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function appliedSchemaVersion(db: AnyDb | AnyTrx): Promise<string | undefined> {
  const names = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
  if (!names.includes("kysely_migration")) return undefined;
  const row = await db
    .selectFrom("kysely_migration")
    .select("name")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.name as string | undefined;
}

async function countRows(db: AnyDb | AnyTrx, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

function portableRow(table: string, row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === null || typeof value === "string" || typeof value === "number") out[column] = value;
    else if (typeof value === "bigint") out[column] = value.toString();
    else if (typeof value === "boolean") out[column] = value ? 1 : 0;
    else if (value instanceof Date) out[column] = value.toISOString();
    // A picture's chunk (blob on SQLite, bytea on pg): base64 text, bytes again on restore (insertableRow).
    else if (value instanceof Uint8Array) out[column] = Buffer.from(value).toString("base64");
    else throw new BackupError(`Cannot back up ${table}.${column}: a ${typeof value} value has no portable form.`);
  }
  return out;
}

/**
 * Writes a snapshot of every table to `file` (gzip NDJSON) from one read transaction, so the copy is
 * consistent while the server keeps writing. The file appears only once complete.
 */
export async function writeBackup(db: AnyDb, file: string): Promise<BackupWritten> {
  const partial = `${file}.partial`;
  try {
    const header = await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const schemaVersion = await appliedSchemaVersion(trx);
        if (!schemaVersion) throw new BackupError("This database has no portfolio schema (no migrations were applied).");
        const tables = await tablesInOrder(trx);
        const counts: Record<string, number> = {};
        for (const table of tables) counts[table] = await countRows(trx, table);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          schemaVersion,
          dialect: dialectOf(trx),
          createdAt: new Date().toISOString(),
          tables: counts,
        };
        const auditHead = tables.includes("audit_chain") ? await chainHead(trx) : null;
        async function* lines() {
          yield `${JSON.stringify(header)}\n`;
          for (const table of tables) {
            for await (const row of tableRows(trx, table)) yield `${JSON.stringify({ t: table, r: portableRow(table, row) })}\n`;
          }
        }
        // Every password and token hash is in it: readable by its owner only (docs/security.md, promise 29).
        await pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }));
        return { ...header, auditHead };
      });
    renameSync(partial, file);
    return header;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** A table's rows; pictures' chunks (up to 1 MiB each) one at a time, so a backup never holds them all. */
async function* tableRows(trx: AnyTrx, table: string): AsyncGenerator<Record<string, unknown>> {
  if (table !== "media_chunks") {
    yield* await trx.selectFrom(table).selectAll().execute();
    return;
  }
  const keys = await trx.selectFrom("media_chunks").select(["key", "idx"]).orderBy("key").orderBy("idx").execute();
  for (const { key, idx } of keys) {
    yield await trx.selectFrom("media_chunks").selectAll().where("key", "=", key).where("idx", "=", idx).executeTakeFirstOrThrow();
  }
}

async function chainHead(trx: AnyTrx): Promise<string | null> {
  const head = await newestChainedEntry(trx as unknown as Kysely<Database>);
  return head ? `${head.entry_id}:${head.hash}` : null;
}

function parseHeader(line: string | undefined): BackupHeader {
  let header: unknown;
  try {
    header = JSON.parse(line ?? "");
  } catch {
    throw new BackupError("The backup file is corrupted: its first line is not a backup header; nothing was restored.");
  }
  const h = header as Partial<BackupHeader> | null;
  if (!h || h.format !== BACKUP_FORMAT) {
    throw new BackupError(`This is not a portfolio backup (format "${String(h?.format)}", expected "${BACKUP_FORMAT}"); nothing was restored.`);
  }
  // Checked by hand, not with a zod record: zod rebuilds the object and drops a "__proto__" key silently,
  // where the header's own keys must stay exactly as written so a row's table is looked up among them.
  const counts = h.tables && typeof h.tables === "object" && !Array.isArray(h.tables) ? Object.values(h.tables) : [];
  if (typeof h.schemaVersion !== "string" || counts.length === 0 || !counts.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new BackupError("The backup file is corrupted: its header lacks the schema version or the table counts; nothing was restored.");
  }
  return h as BackupHeader;
}

interface RowLine {
  line: number;
  table: string;
  row: Row;
}

/** A row ready for the database: bytes columns decoded (insertableRow). */
interface InsertLine {
  line: number;
  table: string;
  row: Record<string, unknown>;
}

function parseRowLine(text: string, line: number, header: BackupHeader): RowLine {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    throw new BackupError(`Line ${line} is not valid JSON: the backup file is corrupted; nothing was restored.`);
  }
  const { t, r } = (entry ?? {}) as { t?: unknown; r?: unknown };
  if (typeof t !== "string" || !r || typeof r !== "object" || Array.isArray(r)) {
    throw new BackupError(`Line ${line} is not a row of a table: the backup file is corrupted; nothing was restored.`);
  }
  // An own key only: "constructor" or "toString" are in every object's prototype, not in the header.
  if (!Object.hasOwn(header.tables, t)) {
    throw new BackupError(`Line ${line} is a row of table ${JSON.stringify(t)}, which the header does not list; nothing was restored.`);
  }
  return { line, table: t, row: r as Row };
}

function refusedRow({ line, table }: { line: number; table: string }, reason: string): BackupError {
  return new BackupError(`Line ${line} (table ${table}) could not be restored: ${reason}; nothing was restored.`);
}

function countMismatch(table: string, found: number, expected: number, where: string): BackupError {
  return new BackupError(
    `The backup file is truncated or corrupted: ${where} ${table} has ${found} rows, the header says ${expected}; nothing was restored.`,
  );
}

/** Reads the whole file once and checks it, before anything is written. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  const counts = new Map<string, number>();
  for await (const { number, text } of readBackupLines(file)) {
    if (!header) {
      header = parseHeader(text);
      continue;
    }
    if (text === "") continue;
    const { table } = parseRowLine(text, number, header);
    counts.set(table, (counts.get(table) ?? 0) + 1);
  }
  if (!header) throw new BackupError("The backup file is empty; nothing was restored.");
  for (const [table, expected] of Object.entries(header.tables)) {
    if ((counts.get(table) ?? 0) !== expected) throw countMismatch(table, counts.get(table) ?? 0, expected, "table");
  }
  return header;
}

/** Brings the target to the backup's schema version (never down), so its rows fit the tables exactly. */
async function migrateTo(db: AnyDb, version: string): Promise<void> {
  const known = Object.keys(MIGRATIONS).sort();
  if (!known.includes(version)) {
    throw new BackupError(
      `The backup's schema version ${version} is unknown to this program (newest known: ${known.at(-1)}); restore it with a newer version.`,
    );
  }
  const applied = await appliedSchemaVersion(db);
  if (applied && applied > version) {
    throw new BackupError(
      `The target database is at schema version ${applied}, newer than the backup's ${version}; restore into an empty database.`,
    );
  }
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(version);
  if (error) throw new Error(`Database migration failed: ${String(error)}`);
}

/** Deletes every row of `tables` (children first), with the append-only triggers lifted for the purge. */
async function purge(trx: AnyTrx, tables: string[]): Promise<void> {
  const postgres = dialectOf(trx) === "postgres";
  for (const table of [...tables].reverse()) {
    if (postgres) {
      await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(trx);
      await trx.deleteFrom(table).execute();
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(trx);
      continue;
    }
    // SQLite cannot disable a trigger: drop it and re-create it from its own SQL, in this transaction.
    const triggers = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ${table}`.execute(trx);
    for (const t of triggers.rows) await sql`DROP TRIGGER ${sql.id(t.name)}`.execute(trx);
    await trx.deleteFrom(table).execute();
    for (const t of triggers.rows) await sql.raw(t.sql).execute(trx);
  }
}

/** pg identity/serial columns do not advance on explicit inserts: move each past the restored rows. */
async function resetSequences(trx: AnyTrx, tables: string[]): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  for (const meta of await trx.introspection.getTables()) {
    if (!tables.includes(meta.name)) continue;
    for (const column of meta.columns.filter((c) => c.isAutoIncrementing)) {
      await sql`SELECT setval(pg_get_serial_sequence(${meta.name}, ${column.name}), COALESCE(MAX(${sql.ref(column.name)}), 0) + 1, false) FROM ${sql.table(meta.name)}`.execute(trx);
    }
  }
}

/** The target's columns per table, by name (SQLite reports a text primary key as nullable: it is not). */
async function columnsByTable(trx: AnyTrx): Promise<Map<string, Map<string, ColumnMetadata>>> {
  const byTable = new Map<string, Map<string, ColumnMetadata>>();
  for (const table of await trx.introspection.getTables()) {
    const keys =
      dialectOf(trx) === "sqlite"
        ? (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table.name}) WHERE pk > 0`.execute(trx)).rows.map((c) => c.name)
        : [];
    const columns = table.columns.map((c): [string, ColumnMetadata] => [c.name, keys.includes(c.name) ? { ...c, isNullable: false } : c]);
    byTable.set(table.name, new Map(columns));
  }
  return byTable;
}

/**
 * Inserts rows of one table in one statement. When the database refuses it, the rows go in again one by
 * one (after rolling back to a savepoint) to find the line at fault: the refusal names it.
 */
async function insertBatch(trx: AnyTrx, batch: InsertLine[]): Promise<void> {
  const table = batch[0]?.table ?? "";
  await sql`SAVEPOINT restore_batch`.execute(trx);
  try {
    await trx.insertInto(table).values(batch.map((entry) => entry.row)).execute();
    await sql`RELEASE SAVEPOINT restore_batch`.execute(trx);
    return;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT restore_batch`.execute(trx);
    if (batch.length === 1) throw refusedRow(batch[0] as InsertLine, insertFailureReason(error));
  }
  for (const entry of batch) {
    try {
      await trx.insertInto(table).values(entry.row).execute();
    } catch (error) {
      throw refusedRow(entry, insertFailureReason(error));
    }
  }
}

export interface RestoreOptions {
  /** Replace the rows of a database that is not empty. */
  force?: boolean;
}

/**
 * Loads a backup into `db` (either dialect) in one transaction and verifies the row counts. Refuses a
 * database that already holds rows unless `force`, and any file that is not whole and valid.
 */
export async function restoreBackup(db: AnyDb, file: string, options: RestoreOptions = {}): Promise<BackupHeader> {
  const header = await verifyBackup(file);
  await migrateTo(db, header.schemaVersion);
  const tables = await tablesInOrder(db);
  const missing = Object.keys(header.tables).filter((t) => !tables.includes(t));
  if (missing.length > 0) throw new BackupError(`The target database has no table ${missing.join(", ")}; nothing was restored.`);

  await db.transaction().execute(async (trx) => {
    const nonEmpty: string[] = [];
    for (const table of tables) {
      const n = await countRows(trx, table);
      if (n > 0) nonEmpty.push(`${table}: ${n}`);
    }
    if (nonEmpty.length > 0 && !options.force) {
      throw new BackupError(
        `The target database is not empty (${nonEmpty.join(", ")} rows); restore refuses to replace its data without --force.`,
      );
    }
    if (nonEmpty.length > 0) await purge(trx, tables);
    // Foreign keys are checked row by row on both dialects (the file lists parents first), so a row that
    // points nowhere is refused at its own line rather than at the commit.
    const columns = await columnsByTable(trx);
    let batch: InsertLine[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length > 0) await insertBatch(trx, batch);
      batch = [];
      batchBytes = 0;
    };
    let first = true;
    for await (const { number, text } of readBackupLines(file)) {
      if (first || text === "") {
        first = false;
        continue;
      }
      const entry = parseRowLine(text, number, header);
      const tableColumns = columns.get(entry.table) ?? new Map();
      const problem = rowProblem(entry.row, tableColumns);
      if (problem) throw refusedRow(entry, problem);
      // Stay well under both dialects' bound-parameter limits (SQLite 32766, pg 65535), and hold at most a
      // few lines of pictures' chunks (about 1.4 MB each) at once.
      const perRow = Math.max(1, Object.keys(entry.row).length);
      if (entry.table !== batch[0]?.table || (batch.length + 1) * perRow > 5000 || batchBytes + text.length > MAX_BATCH_TEXT)
        await flush();
      batch.push({ ...entry, row: insertableRow(entry.row, tableColumns) });
      batchBytes += text.length;
    }
    await flush();
    await resetSequences(trx, tables);
    for (const [table, expected] of Object.entries(header.tables)) {
      const found = await countRows(trx, table);
      if (found !== expected) throw countMismatch(table, found, expected, "after the restore,");
    }
    if (dialectOf(trx) === "postgres" && tables.includes("audit_chain")) await placeHeadRow(trx as unknown as Kysely<Database>);
  });
  // Later migrations (the backup may be older than this program) run on the restored rows.
  await migrateToLatest(db);
  return header;
}
