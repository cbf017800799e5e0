/**
 * Many short transactions that do not wait for the disk, then one sync for all of them off the event loop:
 * for a write that may be lost to a power cut until its sync, and no longer (the visit batch,
 * docs/design.md section 10).
 *
 * SQLite's one connection runs every statement on this thread, its commit included, and with
 * `synchronous = FULL` each commit waits for the disk there. Under `synchronous = NORMAL` a commit in WAL mode
 * writes its pages to the log and returns: it survives a crash of the process, and only a power loss or a
 * crash of the machine can undo it, until the log is next synced (`syncLog`). PostgreSQL's commits wait on
 * the server, not on this thread: its transactions are plain ones and `syncLog` does nothing.
 */
// `promises` of node:fs, read where used: node:fs/promises (and the readline it loads) costs a start several
// milliseconds before it listens, for a file opened only after a visit batch (docs/performance.md, "Start").
import { promises as fs } from "node:fs";
import type { Kysely } from "kysely";
import { sqliteHandleOf } from "./database.ts";
import type { Database, Db } from "./schema.ts";

/** Runs `work` in a transaction of its own, committed without waiting for the disk on SQLite. */
export function unsyncedTransaction<T>(db: Kysely<Database>, work: (tx: Db) => Promise<T>): Promise<T> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) return db.transaction().execute(work);
  // The connection is held from the pragma to its reset, so no other transaction commits unsynced.
  return db.connection().execute(async (connection) => {
    const synchronous = Number(sqlite.pragma("synchronous", { simple: true }));
    sqlite.pragma("synchronous = NORMAL");
    try {
      return await connection.transaction().execute(work);
    } finally {
      sqlite.pragma(`synchronous = ${synchronous}`);
    }
  });
}

/**
 * Makes every transaction committed so far durable: syncs SQLite's log file from the thread pool (the data a
 * commit wrote to it is the file's, whichever descriptor syncs it), so the event loop never waits for it.
 */
export async function syncLog(db: Kysely<Database>): Promise<void> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite || sqlite.memory) return;
  const log = await fs.open(`${sqlite.name}-wal`, "r").catch((error: NodeJS.ErrnoException) => {
    // No log: nothing was written since the last checkpoint removed it, which synced what it held.
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!log) return;
  try {
    await log.datasync();
  } finally {
    await log.close();
  }
}
