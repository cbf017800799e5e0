/** SQLite's log is copied back into the database file by a thread of its own, never inside a commit. */
import { readdirSync, statSync } from "node:fs";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { startCheckpointer } from "./wal-checkpointer.ts";

/** The threads of this process, as the system counts them. */
function threadCount(): number {
  return readdirSync("/proc/self/task").length;
}

// First in this file: the process has no checkpoint thread yet.
it("starts the checkpoint thread only a second after a database is handed to it, not during a server's start", async () => {
  const { sqlite, close } = await openTestDatabase({ dialect: "sqlite" });
  if (!sqlite) throw new Error("a SQLite database was asked for");
  const threads = threadCount();
  const checkpointer = startCheckpointer(sqlite);
  try {
    expect(threadCount()).toBe(threads);
  } finally {
    await checkpointer.stop();
    await close();
  }
});

it("leaves a commit of thousands of pages to the checkpoint thread, which copies them into the file soon after", async () => {
  const { db, sqlite, path, close } = await openTestDatabase({ dialect: "sqlite" });
  if (!sqlite) throw new Error("a SQLite database was asked for");
  const checkpointer = startCheckpointer(sqlite);
  try {
    await sql`create table filler (bytes blob not null)`.execute(db);
    // The thread may copy the table's creation at any moment: copied now, the file's size is settled.
    sqlite.pragma("wal_checkpoint(PASSIVE)");
    const before = statSync(path).size;
    // About 2,000 pages of 4 kB in one commit: past the 1,000 at which SQLite would checkpoint inside it.
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < 250; i++) await sql`insert into filler (bytes) values (randomblob(32000))`.execute(tx);
    });
    expect(statSync(path).size).toBe(before);
    // 250 rows of 32 kB: 8 MB in the file once the thread has copied them (it grows as they are copied).
    const copied = before + 8_000_000;
    const deadline = Date.now() + 10_000;
    while (statSync(path).size < copied && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(path).size).toBeGreaterThan(copied);
  } finally {
    await checkpointer.stop();
    await close();
  }
});

it("checkpoints every database of the process from one thread: a second database starts no thread of its own", async () => {
  const first = await openTestDatabase({ dialect: "sqlite" });
  const second = await openTestDatabase({ dialect: "sqlite" });
  if (!first.sqlite || !second.sqlite) throw new Error("SQLite databases were asked for");
  const checkpointers = [startCheckpointer(first.sqlite)];
  try {
    // The first database's thread, started a second after it was handed over (or by the test before this).
    await new Promise((r) => setTimeout(r, 1_500));
    const threads = threadCount();
    checkpointers.push(startCheckpointer(second.sqlite));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(threadCount()).toBe(threads);
    // The second database's log is still copied into its file by that thread, while the first stays open.
    await sql`create table filler (bytes blob not null)`.execute(second.db);
    const before = statSync(second.path).size;
    await second.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 250; i++) await sql`insert into filler (bytes) values (randomblob(32000))`.execute(tx);
    });
    const copied = before + 8_000_000;
    const deadline = Date.now() + 10_000;
    while (statSync(second.path).size < copied && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(second.path).size).toBeGreaterThan(copied);
  } finally {
    for (const checkpointer of checkpointers) await checkpointer.stop();
    await first.close();
    await second.close();
  }
});
