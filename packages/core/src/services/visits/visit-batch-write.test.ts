/**
 * A batch is written in short transactions, one per slice (docs/design.md section 10): what a slice committed
 * is never written again, a slice that failed is written by the next write, and other queries run between
 * slices. Failures are made by the database itself (a trigger), not by a stand-in for our code.
 */
import { openTestDatabase, type TestDatabase } from "@portfolio/testing/data/test-database.ts";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { dialectOf } from "../../data/dialect.ts";
import type { Database } from "../../data/schema.ts";
import { counterWith, view } from "../../test/visit-beacons.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase({});
});
afterEach(async () => {
  await database.close();
});

/** Makes every insert into `table` (of `key`, when given) fail in the database. */
async function failInserts(db: Kysely<Database>, table: string, key?: string): Promise<void> {
  const when = key === undefined ? sql`` : sql`when (new.key = ${sql.lit(key)})`;
  if (dialectOf(db) === "sqlite") {
    await sql`create trigger fail_inserts before insert on ${sql.table(table)} ${when}
      begin select raise(abort, 'injected failure'); end`.execute(db);
    return;
  }
  await sql`create function fail_inserts() returns trigger language plpgsql
    as $$ begin raise exception 'injected failure'; end $$`.execute(db);
  await sql`create trigger fail_inserts before insert on ${sql.table(table)} for each row ${when}
    execute function fail_inserts()`.execute(db);
}

async function stopFailing(db: Kysely<Database>, table: string): Promise<void> {
  if (dialectOf(db) === "sqlite") await sql`drop trigger fail_inserts`.execute(db);
  else await sql`drop trigger fail_inserts on ${sql.table(table)}`.execute(db);
}

async function pageCounts(db: Kysely<Database>, key: string) {
  const row = await db
    .selectFrom("visit_counts")
    .select(["views", "visitors"])
    .where("scope", "=", "page")
    .where("key", "=", key)
    .executeTakeFirst();
  return { views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) };
}

async function liveVisitors(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("visit_live")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

it("keeps what the slices before a failed one committed, and writes only the rest next time", async () => {
  const { db } = database;
  const counter = await counterWith(db, 600);
  // The last slices (when each visitor was seen) fail: the counts before them are committed.
  await failInserts(db, "visit_live");
  await expect(counter.flush()).rejects.toThrow("injected failure");
  expect(await pageCounts(db, "/")).toEqual({ views: 600, visitors: 600 });
  expect(await liveVisitors(db)).toBe(0);

  await stopFailing(db, "visit_live");
  await counter.flush();
  expect(await pageCounts(db, "/")).toEqual({ views: 600, visitors: 600 });
  expect(await liveVisitors(db)).toBe(600);
});

it("writes a slice that failed with the next write, once", async () => {
  const { db } = database;
  const counter = await counterWith(db, 300, "/fails");
  view(counter, 300, "/", 300);
  await failInserts(db, "visit_counts", "/fails");
  await expect(counter.flush()).rejects.toThrow("injected failure");
  expect(await pageCounts(db, "/fails")).toEqual({ views: 0, visitors: 0 });

  await stopFailing(db, "visit_counts");
  view(counter, 1, "/fails", 1000);
  await counter.flush();
  expect(await pageCounts(db, "/fails")).toEqual({ views: 301, visitors: 301 });
  expect(await pageCounts(db, "/")).toEqual({ views: 300, visitors: 300 });
});

it("lets another query see each slice as it commits, while the rest of the batch is still being written", async () => {
  const { db } = database;
  const counter = await counterWith(db, 3000);
  const seen: number[] = [];
  let writing = true;
  const look = async () => {
    while (writing) {
      const row = await db
        .selectFrom("visit_visitors")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      seen.push(Number(row.n));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const looking = look();
  await counter.flush();
  writing = false;
  await looking;
  // 9,000 visitor rows (site, page, device): some reads fell between two slices.
  expect(seen.some((n) => n > 0 && n < 9000)).toBe(true);
});

it("leaves SQLite's connection as synced as it found it", async () => {
  const { db, sqlite } = database;
  const counter = await counterWith(db, 10);
  await counter.flush();
  expect(await pageCounts(db, "/")).toEqual({ views: 10, visitors: 10 });
  // On SQLite, every other transaction still waits for the disk (synchronous = FULL is 2).
  if (sqlite) expect(sqlite.pragma("synchronous", { simple: true })).toBe(2);
});

it("builds a full slice's statements once: the next batch of full slices only binds its values", async () => {
  let built = 0;
  // A plugin sees every statement Kysely builds and compiles.
  const watched = database.db.withPlugin({
    transformQuery: (args) => {
      built++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const counter = await counterWith(watched, 3000);
  await counter.flush();
  // 3,000 new visitors again: 9,000 visitor rows and 3,000 live rows, all in slices of 250.
  view(counter, 3000, "/", 3000);
  built = 0;
  await counter.flush();
  expect(built).toBe(0);
  expect(await pageCounts(database.db, "/")).toEqual({ views: 6000, visitors: 6000 });
});
