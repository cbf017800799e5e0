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
