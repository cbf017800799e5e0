/**
 * Copies SQLite's write-ahead log back into the database file from a thread of its own (docs/performance.md,
 * "Visit beacons"). Left to itself SQLite does it inside the commit that grows the log past 1,000 pages, on the
 * thread that commits: with one connection used from the event loop, that commit reads and writes up to 4 MB
 * and waits for the disk twice while no request is answered.
 *
 * The thread has its own connection and runs only PASSIVE checkpoints, which take no lock a writer or a reader
 * waits for and never wait themselves: the main connection's writes cannot meet SQLITE_BUSY because of it.
 * The main connection keeps a checkpoint of its own as a backstop, far above what the thread lets the log
 * reach, should the thread ever stop.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

const requireCjs = createRequire(import.meta.url);

/** How often the thread checkpoints. */
const EVERY_MS = 1000;
/** The main connection's own checkpoint, in pages of the log (4 kB each): only if the thread stopped. */
export const BACKSTOP_PAGES = 20_000;

const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy or closing: the next turn tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread and closes its connection (before the main connection closes). */
  stop(): Promise<void>;
}

/** Starts the thread for the database file of `sqlite` (in WAL mode), and hands the checkpoints over to it. */
export function startCheckpointer(sqlite: SQLite.Database): Checkpointer {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { driver: requireCjs.resolve("better-sqlite3"), path: sqlite.name, everyMs: EVERY_MS },
  });
  // Never keeps the process alive, and a thread that failed leaves the backstop to do its work.
  worker.unref();
  worker.on("error", () => {});
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    stop: async () => {
      // Held until it has closed its connection: a process stopping must not exit before its own close.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
