/**
 * Copies SQLite's write-ahead log back into the database file from a thread of its own (docs/performance.md,
 * "Visit beacons"). Left to itself SQLite does it inside the commit that grows the log past 1,000 pages, on the
 * thread that commits: with one connection used from the event loop, that commit reads and writes up to 4 MB
 * and waits for the disk twice while no request is answered.
 *
 * The thread has its own connection to each database and runs only PASSIVE checkpoints, which take no lock a writer or a reader
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
/** Each database handed over, by the id its stop() names. */
const open = new Map();
setInterval(() => {
  for (const db of open.values()) {
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // Busy or closing: the next turn tries again.
    }
  }
}, workerData.everyMs);
parentPort.on("message", ({ id, path }) => {
  if (path !== undefined) {
    try {
      open.set(id, new Database(path, { fileMustExist: true }));
    } catch {
      // A file gone already: its main connection keeps the backstop.
    }
    return;
  }
  open.get(id)?.close();
  open.delete(id);
  parentPort.postMessage(id);
});
`;

export interface Checkpointer {
  /** Stops the checkpoints of this database and closes the thread's connection to it (before the main one closes). */
  stop(): Promise<void>;
}

interface SharedThread {
  worker: Worker;
  /** The stop() calls waiting for the thread to close their connection, by id. */
  stopping: Map<number, () => void>;
  exited: boolean;
}

/**
 * One thread per process for every database it opens: a server opens one, but a process that opens many (a
 * test worker starts hundreds of servers) would otherwise pay a new thread, with its own copy of the driver,
 * for each (about 120 ms of CPU).
 */
let shared: SharedThread | undefined;
let lastId = 0;

function sharedThread(): SharedThread {
  if (shared && !shared.exited) return shared;
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { driver: requireCjs.resolve("better-sqlite3"), everyMs: EVERY_MS },
  });
  // Never keeps the process alive, but while a stop() waits for its connection to close (below).
  worker.unref();
  const thread: SharedThread = { worker, stopping: new Map(), exited: false };
  worker.on("message", (id: number) => {
    thread.stopping.get(id)?.();
    thread.stopping.delete(id);
    if (thread.stopping.size === 0) worker.unref();
  });
  // A thread that failed leaves the backstop to do its work, and the next database gets a new thread.
  worker.on("error", () => {});
  worker.once("exit", () => {
    thread.exited = true;
    for (const done of thread.stopping.values()) done();
    thread.stopping.clear();
  });
  shared = thread;
  return thread;
}

/**
 * Hands the checkpoints of the database file of `sqlite` (in WAL mode) over to the process's checkpoint thread,
 * `EVERY_MS` from now: the thread's first checkpoint would wait that long anyway, and a server's start no
 * longer shares the CPU with the thread's own start (a Node environment with its copy of the driver) before
 * it listens (docs/performance.md, "Start"). Until then the main connection's backstop is in force.
 */
export function startCheckpointer(sqlite: SQLite.Database): Checkpointer {
  const id = ++lastId;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let thread: SharedThread | undefined;
  const handOver = setTimeout(() => {
    thread = sharedThread();
    thread.worker.postMessage({ id, path: sqlite.name });
  }, EVERY_MS);
  // A process may end before the handover: nothing was handed over, nothing to wait for.
  handOver.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        clearTimeout(handOver);
        if (!thread || thread.exited) return resolve();
        // Held until the thread has closed its connection: a process stopping must not exit before that close.
        thread.stopping.set(id, resolve);
        thread.worker.ref();
        thread.worker.postMessage({ id });
      }),
  };
}
