/**
 * One batch of beacons added up in memory, and its write: ONE transaction, each key once, as increments
 * (`n = n + excluded.n`), so instances sharing a database add up instead of overwriting each other, and a
 * crash loses at most the batch not yet written (docs/design.md section 10).
 *
 * Unique visitors are exact across instances: the batch inserts its (day, scope, key, visitor hash) rows
 * with insert-or-ignore, and only the rows really inserted (RETURNING answers those alone, on both
 * dialects) add to `visitors`. Rows go in key order, so two instances writing the same keys at once take
 * their locks in one order and never deadlock on PostgreSQL.
 */
import { sql } from "kysely";
import type { Db, VisitScope } from "../../data/schema.ts";

export interface KeyCounts {
  views: number;
  codeClicks: number;
  demoClicks: number;
}

const SEP = "\u0000";
/**
 * Rows per statement: far below both dialects' limits on bound parameters, and small enough that one
 * statement holds the process (SQLite runs it synchronously) for a few milliseconds at most.
 */
const CHUNK = 250;

/**
 * Lets the process answer requests between two statements. SQLite runs each statement synchronously, and
 * awaiting its result only queues a microtask, so a batch of thousands of rows would otherwise hold every
 * beacon's answer until the whole transaction is written.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export class VisitBatch {
  readonly counts = new Map<string, KeyCounts>();
  readonly visitors = new Map<string, Set<string>>();
  /** Visitor hash → when it was last seen (ISO). */
  readonly live = new Map<string, string>();
  beacons = 0;

  static keyOf(day: string, scope: VisitScope, key: string): string {
    return `${day}${SEP}${scope}${SEP}${key}`;
  }

  add(day: string, scope: VisitScope, key: string, visitor: string | null, add: Partial<KeyCounts>): void {
    const id = VisitBatch.keyOf(day, scope, key);
    let counts = this.counts.get(id);
    if (!counts) {
      counts = { views: 0, codeClicks: 0, demoClicks: 0 };
      this.counts.set(id, counts);
    }
    counts.views += add.views ?? 0;
    counts.codeClicks += add.codeClicks ?? 0;
    counts.demoClicks += add.demoClicks ?? 0;
    if (visitor === null) return;
    let set = this.visitors.get(id);
    if (!set) {
      set = new Set();
      this.visitors.set(id, set);
    }
    set.add(visitor);
  }

  get empty(): boolean {
    return this.counts.size === 0 && this.live.size === 0;
  }

  /** Puts a batch whose write failed back in front of this one, so its beacons are tried again. */
  absorb(earlier: VisitBatch): void {
    for (const [id, c] of earlier.counts) {
      const [day, scope, key] = splitId(id);
      this.add(day, scope, key, null, c);
    }
    for (const [id, set] of earlier.visitors) {
      const mine = this.visitors.get(id) ?? new Set<string>();
      for (const v of set) mine.add(v);
      this.visitors.set(id, mine);
    }
    for (const [visitor, at] of earlier.live) if (!this.live.has(visitor)) this.live.set(visitor, at);
    this.beacons += earlier.beacons;
  }
}

export interface BatchWritten {
  /** Statements sent (the bench reports them). */
  statements: number;
  /** Rows of `visit_counts` touched. */
  keys: number;
}

interface VisitorRow {
  day: string;
  scope: VisitScope;
  key: string;
  visitor: string;
}

function splitId(id: string): [string, VisitScope, string] {
  return id.split(SEP) as [string, VisitScope, string];
}

/**
 * The batch's visitor rows in key order, then visitor order, CHUNK rows at a time, put in order a little at a
 * time with a turn of the event loop between: one comparator building two strings per comparison over every
 * row (25,000 rows at bench:visits' rate) held the process for longer than all the statements of the batch.
 */
async function* visitorSlices(batch: VisitBatch): AsyncGenerator<VisitorRow[]> {
  let slice: VisitorRow[] = [];
  for (const id of [...batch.visitors.keys()].sort()) {
    const [day, scope, key] = splitId(id);
    for await (const visitors of inOrder(batch.visitors.get(id) ?? [])) {
      for (const visitor of visitors) {
        slice.push({ day, scope, key, visitor });
        if (slice.length === CHUNK) {
          yield slice;
          slice = [];
        }
      }
    }
  }
  if (slice.length > 0) yield slice;
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

function* slices<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

/** Writes the batch in the transaction `tx` (the caller opens it). */
export async function writeBatch(tx: Db, batch: VisitBatch): Promise<BatchWritten> {
  let statements = 0;
  const newVisitors = new Map<string, number>();
  for await (const rows of visitorSlices(batch)) {
    const inserted = await tx
      .insertInto("visit_visitors")
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .returning(["day", "scope", "key"])
      .execute();
    statements++;
    await breathe();
    for (const row of inserted) {
      const id = VisitBatch.keyOf(row.day, row.scope, row.key);
      newVisitors.set(id, (newVisitors.get(id) ?? 0) + 1);
    }
  }
  // The ids are `day, scope, key` joined by one separator, so their plain order is key order.
  const countRows = [...batch.counts.keys()].sort().map((id) => {
    const [day, scope, key] = splitId(id);
    const c = batch.counts.get(id) as KeyCounts;
    return {
      day,
      scope,
      key,
      views: c.views,
      visitors: newVisitors.get(id) ?? 0,
      code_clicks: c.codeClicks,
      demo_clicks: c.demoClicks,
    };
  });
  for (const rows of slices(countRows)) {
    await tx
      .insertInto("visit_counts")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["day", "scope", "key"]).doUpdateSet({
          views: sql`visit_counts.views + excluded.views`,
          visitors: sql`visit_counts.visitors + excluded.visitors`,
          code_clicks: sql`visit_counts.code_clicks + excluded.code_clicks`,
          demo_clicks: sql`visit_counts.demo_clicks + excluded.demo_clicks`,
        }),
      )
      .execute();
    statements++;
    await breathe();
  }
  const liveRows: { visitor: string; seen_at: string }[] = [];
  for await (const visitors of inOrder(batch.live.keys())) {
    for (const visitor of visitors) liveRows.push({ visitor, seen_at: batch.live.get(visitor) as string });
  }
  for (const rows of slices(liveRows)) {
    await tx
      .insertInto("visit_live")
      .values(rows)
      .onConflict((oc) => oc.column("visitor").doUpdateSet({ seen_at: sql`excluded.seen_at` }))
      .execute();
    statements++;
    await breathe();
  }
  return { statements, keys: countRows.length };
}
