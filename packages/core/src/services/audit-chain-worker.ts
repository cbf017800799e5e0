/**
 * Half of a long SQLite audit chain verified in a worker thread (issue 26: `audit:verify` over 500,000 entries
 * within its time on a busy machine), on a read-only connection of its own, while the calling thread
 * verifies the other half. The worker runs the same checks in the same order as `walkChain` in
 * audit-chain.ts on the same rows (CHAIN_ROW_SQL) with the same HMAC (the key's pads, `hmacPads`); the tests
 * break chains in either half and expect the same answers both ways.
 *
 * Its code is a string evaluated as the worker's script: the core runs from TypeScript sources under the
 * tests and from bundles in the server and the desktop, and a string is found the same way from all of them.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { AuditHead } from "../domain/api-types.ts";
import { CHAIN_ROW_SQL } from "./audit-chain-rows.ts";

export const NEVER_CHAINED = "This entry was never chained.";
export const CHANGED = "This entry was changed after it was written.";
export const REMOVED = "The entry before this one was removed (or one was inserted).";
export const NOT_SAVED_HEAD = "This entry is not the saved head.";

/** What a walk over part of the chain found: the entries intact before any break, the last, the saved head. */
export interface RangeAnswer {
  entries: number;
  last: AuditHead | null;
  reachedSaved: boolean;
  bad?: { id: string; reason: string };
}

export interface RangeJob {
  pads: { ipad: Buffer; opad: Buffer };
  /** The last entry before the range, and the hash its first entry must chain onto. */
  afterSeq: number;
  expected: string | null;
  untilSeq: number;
  savedHeadId: string | null;
  savedHeadHash: string | null;
  batch: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData: w } = require("node:worker_threads");
const { hash } = require("node:crypto");
const Database = require(w.driver);
const db = new Database(w.file, { readonly: true, fileMustExist: true });
try {
  const statement = db.prepare(w.sql).raw(true);
  const ipad = Buffer.from(w.job.pads.ipad);
  const outer = Buffer.concat([Buffer.from(w.job.pads.opad), Buffer.alloc(32)]);
  let inner = Buffer.allocUnsafe(64 + 4096);
  ipad.copy(inner);
  const mac = (text) => {
    if (64 + text.length * 3 > inner.length) {
      inner = Buffer.allocUnsafe(64 + text.length * 6);
      ipad.copy(inner);
    }
    const length = inner.write(text, 64, "utf8");
    hash("sha256", inner.subarray(0, 64 + length), "buffer").copy(outer, 64);
    return hash("sha256", outer, "hex");
  };
  const job = w.job;
  let expected = job.expected;
  let entries = 0;
  let last = null;
  let reachedSaved = false;
  let after = job.afterSeq;
  const answer = (bad) => parentPort.postMessage({ entries, last, reachedSaved, ...(bad ? { bad } : {}) });
  walk: for (;;) {
    const rows = statement.all(after, job.untilSeq, job.batch);
    for (const row of rows) {
      after = row.pop();
      const stored = row.pop();
      const id = row[0];
      if (stored === null) { answer({ id, reason: w.reasons.neverChained }); break walk; }
      if (mac(JSON.stringify(row)) !== stored) { answer({ id, reason: w.reasons.changed }); break walk; }
      if (row[8] !== expected) { answer({ id, reason: w.reasons.removed }); break walk; }
      if (id === job.savedHeadId) {
        if (stored !== job.savedHeadHash) { answer({ id, reason: w.reasons.notSavedHead }); break walk; }
        reachedSaved = true;
      }
      expected = stored;
      last = { id, hash: stored };
      entries++;
    }
    if (rows.length < job.batch) { answer(); break; }
  }
} finally {
  db.close();
}
`;

/** Starts verifying `job`'s range of the chain in `file`; `stop` ends the worker when its answer is not needed. */
export function verifyRangeInWorker(file: string, job: RangeJob): { answer: Promise<RangeAnswer>; stop: () => void } {
  let worker: Worker | undefined;
  const answer = new Promise<RangeAnswer>((resolve, reject) => {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        file,
        sql: CHAIN_ROW_SQL,
        job,
        reasons: { neverChained: NEVER_CHAINED, changed: CHANGED, removed: REMOVED, notSavedHead: NOT_SAVED_HEAD },
      },
    });
    worker.once("message", (message: RangeAnswer) => resolve(message));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The verifying worker stopped (${code}) before answering.`)));
  });
  // Stopped early, its answer has nobody to tell.
  answer.catch(() => undefined);
  return {
    answer,
    stop: () => {
      void worker?.terminate();
    },
  };
}
