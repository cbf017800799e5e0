/**
 * Work a start leaves until after it listens: the owner's bcrypt on a first start (core's createOwnerOnce), a
 * tenth of that start (docs/performance.md, "Start"). It begins at the first request that may need it, or
 * a while after listening, whichever comes first; every request past the public fast paths (which answer
 * from the seeded projects and never from the users) waits for it, so one that comes early is answered
 * exactly as it would be later.
 */
import type { RequestHandler } from "express";

export interface StartupWork {
  /** Begins the work if it has not begun; resolves when it is done. */
  ready: () => Promise<void>;
  /** Resolves once the work is done, or at once if it never began (what a shutdown waits for). */
  settled: () => Promise<void>;
}

export function startupWork(work: () => Promise<void>): StartupWork {
  let done: Promise<void> | undefined;
  return {
    ready: () => {
      done ??= work();
      return done;
    },
    settled: () => (done ?? Promise.resolve()).catch(() => {}),
  };
}

/** The gate: Express goes on once the work is done; were it to fail, the error handler answers. */
export function startupGate(ready: () => Promise<void>): RequestHandler {
  return (_req, _res, next) => {
    ready().then(() => next(), next);
  };
}
