/**
 * Writes a batch (docs/design.md section 10) in short transactions, one per slice of at most CHUNK rows, each
 * key's counts as increments (`n = n + excluded.n`), so instances sharing a database add up instead of
 * overwriting each other. What a slice committed leaves the batch at once, so it is never written twice;
 * when a slice fails, it and every slice after it stay in the batch, for the caller to try again.
 *
 * Unique visitors are exact across instances: a slice inserts its (day, scope, key, visitor hash) rows with
 * insert-or-ignore, and only the rows really inserted (RETURNING answers those alone, on both dialects) add
 * to `visitors`, in the same transaction. Rows go in key order, so two instances writing the same keys at
 * once take their locks in one order and never deadlock on PostgreSQL.
 */
import { type Compilable, sql } from "kysely";
import { runReusedRows } from "../../data/reused-statement.ts";
import type { Db, VisitScope } from "../../data/schema.ts";
import { type KeyCounts, VisitBatch } from "./visit-batch.ts";

/**
 * Rows per statement and per transaction: far below both dialects' limits on bound parameters, and small
 * enough that one transaction holds the process (SQLite runs it synchronously) for a few milliseconds at most.
 */
const CHUNK = 250;

/** Runs `work` in a transaction of its own (visit-counter.ts says how SQLite's is synced). */
export type InTransaction = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

export interface BatchWritten {
  /** Statements sent (the bench reports them). */
  statements: number;
  /** Transactions committed. */
  transactions: number;
}

/**
 * Lets the process answer requests between two transactions. SQLite runs each statement synchronously, and
 * awaiting its result only queues a microtask, so a batch of thousands of rows would otherwise hold every
 * beacon's answer until the whole batch is written.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

interface VisitorRow extends Record<string, unknown> {
  day: string;
  scope: VisitScope;
  key: string;
  visitor: string;
}

/** A slice of visitor rows, with the id of each row's key (shared strings, for taking them out after). */
interface VisitorSlice {
  rows: VisitorRow[];
  ids: string[];
}

interface LiveRow extends Record<string, unknown> {
  visitor: string;
  seen_at: string;
}

interface CountRow extends Record<string, unknown> {
  day: string;
  scope: VisitScope;
  key: string;
  views: number;
  visitors: number;
  code_clicks: number;
  demo_clicks: number;
}

/**
 * The batch's visitor rows in key order, then visitor order, CHUNK rows at a time, put in order a little at a
 * time with a turn of the event loop between: one comparator building two strings per comparison over every
 * row (25,000 rows at bench:visits' rate) held the process for longer than all the statements of the batch.
 */
async function* visitorSlices(batch: VisitBatch): AsyncGenerator<VisitorSlice> {
  let slice: VisitorSlice = { rows: [], ids: [] };
  for (const id of [...batch.visitors.keys()].sort()) {
    const [day, scope, key] = VisitBatch.splitId(id);
    for await (const visitors of inOrder(batch.visitors.get(id) ?? [])) {
      for (const visitor of visitors) {
        slice.rows.push({ day, scope, key, visitor });
        slice.ids.push(id);
        if (slice.rows.length === CHUNK) {
          yield slice;
          slice = { rows: [], ids: [] };
        }
      }
    }
  }
  if (slice.rows.length > 0) yield slice;
}

/**
 * `texts` in plain string order, one first character at a time (a group of a few hundred visitor hashes
 * each), with a turn of the event loop before each group is sorted: the groups in the order of their first
 * character, each sorted, are the whole list sorted.
 */
async function* inOrder(texts: Iterable<string>): AsyncGenerator<string[]> {
  const byFirst = new Map<string, string[]>();
  for (const text of texts) {
    const first = text.charAt(0);
    const group = byFirst.get(first);
    if (group) group.push(text);
    else byFirst.set(first, [text]);
  }
  for (const first of [...byFirst.keys()].sort()) {
    await breathe();
    yield (byFirst.get(first) as string[]).sort();
  }
}

/**
 * Runs the statement `build` makes for `rows`: compiled once and reused for the shapes that recur (a full
 * slice; the one or two keys a slice of visitors adds to), built afresh for the others (a batch's last slice).
 */
async function run<Row extends Record<string, unknown>, R>(
  tx: Db,
  key: string,
  columns: readonly (keyof Row & string)[],
  rows: Row[],
  build: (rows: Row[]) => Compilable<R> & { execute(): Promise<R[]> },
): Promise<R[]> {
  if (rows.length === CHUNK || rows.length <= 2) return (await runReusedRows(tx, key, columns, rows, build)).rows;
  return build(rows).execute();
}

const VISITOR_COLUMNS = ["day", "scope", "key", "visitor"] as const;
const COUNT_COLUMNS = ["day", "scope", "key", "views", "visitors", "code_clicks", "demo_clicks"] as const;
const LIVE_COLUMNS = ["visitor", "seen_at"] as const;

function* slices<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

/** The row adding `counts` and `visitors` new visitors to a key; undefined when it would add nothing. */
function countRow(id: string, counts: KeyCounts | undefined, visitors: number): CountRow | undefined {
  const views = counts?.views ?? 0;
  const codeClicks = counts?.codeClicks ?? 0;
  const demoClicks = counts?.demoClicks ?? 0;
  if (views + visitors + codeClicks + demoClicks === 0) return undefined;
  const [day, scope, key] = VisitBatch.splitId(id);
  return { day, scope, key, views, visitors, code_clicks: codeClicks, demo_clicks: demoClicks };
}

async function addCounts(tx: Db, rows: CountRow[]): Promise<void> {
  await run(tx, "visit counts", COUNT_COLUMNS, rows, (values) =>
    tx
      .insertInto("visit_counts")
      .values(values)
      .onConflict((oc) =>
        oc.columns(["day", "scope", "key"]).doUpdateSet({
          views: sql`visit_counts.views + excluded.views`,
          visitors: sql`visit_counts.visitors + excluded.visitors`,
          code_clicks: sql`visit_counts.code_clicks + excluded.code_clicks`,
          demo_clicks: sql`visit_counts.demo_clicks + excluded.demo_clicks`,
        }),
      ),
  );
}

/**
 * One slice of visitor rows and, in the same transaction, its keys' counts: the visitors it really inserted,
 * and the views and clicks of each key not written yet (carried by the first slice its key appears in).
 */
async function writeVisitorSlice(batch: VisitBatch, slice: VisitorSlice, inTransaction: InTransaction) {
  const keys = [...new Set(slice.ids)];
  const statements = await inTransaction(async (tx) => {
    const inserted = await run(tx, "visit visitors", VISITOR_COLUMNS, slice.rows, (values) =>
      tx
        .insertInto("visit_visitors")
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returning(["day", "scope", "key"]),
    );
    const added = new Map<string, number>();
    for (const row of inserted) {
      const id = VisitBatch.keyOf(row.day, row.scope, row.key);
      added.set(id, (added.get(id) ?? 0) + 1);
    }
    const rows = keys
      .map((id) => countRow(id, batch.counts.get(id), added.get(id) ?? 0))
      .filter((row) => row !== undefined);
    if (rows.length === 0) return 1;
    await addCounts(tx, rows);
    return 2;
  });
  // Committed: out of the batch, so a later failure never writes them again.
  slice.rows.forEach((row, i) => {
    const id = slice.ids[i] as string;
    const set = batch.visitors.get(id);
    set?.delete(row.visitor);
    if (set?.size === 0) batch.visitors.delete(id);
  });
  for (const id of keys) batch.counts.delete(id);
  return statements;
}

/**
 * Writes `batch`, taking out of it each slice as its transaction commits; throws at the first slice that
 * fails, leaving in `batch` exactly what was not written.
 */
export async function writeBatch(batch: VisitBatch, inTransaction: InTransaction): Promise<BatchWritten> {
  const written: BatchWritten = { statements: 0, transactions: 0 };
  for await (const slice of visitorSlices(batch)) {
    written.statements += await writeVisitorSlice(batch, slice, inTransaction);
    written.transactions++;
    await breathe();
  }
  // Keys with no visitor rows (Code and Demo clicks, a project's views) and none left by the slices above.
  const countIds = [...batch.counts.keys()].sort();
  for (const ids of slices(countIds)) {
    const rows = ids.map((id) => countRow(id, batch.counts.get(id), 0)).filter((row) => row !== undefined);
    if (rows.length > 0) {
      await inTransaction((tx) => addCounts(tx, rows));
      written.statements++;
      written.transactions++;
    }
    for (const id of ids) batch.counts.delete(id);
    await breathe();
  }
  const liveRows: LiveRow[] = [];
  for await (const visitors of inOrder(batch.live.keys())) {
    for (const visitor of visitors) liveRows.push({ visitor, seen_at: batch.live.get(visitor) as string });
  }
  for (const rows of slices(liveRows)) {
    await inTransaction((tx) =>
      run(tx, "visit live", LIVE_COLUMNS, rows, (values) =>
        tx
          .insertInto("visit_live")
          .values(values)
          .onConflict((oc) => oc.column("visitor").doUpdateSet({ seen_at: sql`excluded.seen_at` })),
      ),
    );
    written.statements++;
    written.transactions++;
    for (const row of rows) batch.live.delete(row.visitor);
    await breathe();
  }
  return written;
}
