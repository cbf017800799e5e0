/**
 * Statements whose shape never changes (an audit entry, a version row), built and compiled by Kysely the first
 * time they run on a dialect; after that only their values are bound. Every audited write runs them, and
 * building and compiling a query costs more than SQLite takes to run it (bench:history). The SQL is Kysely's
 * own, so it stays typed against the schema and quoted for each dialect.
 */
import { type Compilable, CompiledQuery, type QueryResult } from "kysely";
import { dialectOf } from "./dialect.ts";
import type { Db } from "./schema.ts";

/** Where a value goes: a named parameter, bound when the statement runs. */
class Slot {
  constructor(readonly name: string) {}
}

/** Stands for the value named `name` in a statement being built; typed as whatever the column takes. */
export type SlotFor = (name: string) => never;

const compiled = new Map<string, CompiledQuery>();

/**
 * Runs the statement `build` makes, with `values` bound to its slots by name. `key` names its shape: the same
 * key must always build the same statement (the same columns, the same number of rows).
 */
export async function runReused<R>(
  db: Db,
  key: string,
  build: (slot: SlotFor) => Compilable<R>,
  values: Readonly<Record<string, unknown>>,
): Promise<QueryResult<R>> {
  const cacheKey = `${dialectOf(db)}:${key}`;
  let statement = compiled.get(cacheKey);
  if (!statement) {
    statement = build((name) => new Slot(name) as never).compile();
    compiled.set(cacheKey, statement);
  }
  const parameters = statement.parameters.map((p) => {
    if (!(p instanceof Slot)) return p;
    const value = values[p.name];
    if (value === undefined) throw new Error(`No value for ${p.name} in the statement "${key}".`);
    return value;
  });
  return db.executeQuery<R>(CompiledQuery.raw(statement.sql, parameters));
}

/** `{column: slot(prefix + column)}` for each column: a row of slots, insertable into any table that has them. */
export function slotRow(columns: readonly string[], slot: SlotFor, prefix = ""): never {
  return Object.fromEntries(columns.map((column) => [column, slot(`${prefix}${column}`)])) as never;
}

/** A multi-row statement compiled once: its SQL, and which value of the rows (row-major) each parameter is. */
interface RowsStatement {
  sql: string;
  order: number[];
}

const compiledRows = new Map<string, RowsStatement>();

/**
 * Runs the multi-row statement `build` makes for `rows`, built and compiled by Kysely once per dialect and
 * `key` (which names its shape: the same table, `columns` and number of rows); after that only the rows'
 * values are bound, in one flat list. Building a statement of hundreds of rows makes a node per value and
 * costs more than SQLite takes to run it, and its garbage is collected while no request is answered
 * (docs/performance.md, "Visit beacons"). Only for a shape that recurs: each is kept for the process's life.
 */
export async function runReusedRows<Row extends Record<string, unknown>, R>(
  db: Db,
  key: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  build: (rows: Row[]) => Compilable<R>,
): Promise<QueryResult<R>> {
  const cacheKey = `${dialectOf(db)}:${key}:${rows.length}`;
  let statement = compiledRows.get(cacheKey);
  if (!statement) {
    // Each value is its own position in the flat list, so the compiled parameters say where each one goes.
    const positions = rows.map((_, r) => Object.fromEntries(columns.map((c, i) => [c, r * columns.length + i])));
    const { sql, parameters } = build(positions as Row[]).compile();
    if (!parameters.every((p) => typeof p === "number")) throw new Error(`The statement "${key}" binds other values.`);
    statement = { sql, order: parameters as number[] };
    compiledRows.set(cacheKey, statement);
  }
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column]);
  return db.executeQuery<R>(CompiledQuery.raw(statement.sql, statement.order.map((i) => values[i])));
}
