/**
 * The public project list served from memory: GET /api/projects is the hottest call. Every project write,
 * through any instance sharing the database, bumps a revision counter in its transaction; each request
 * has the counter read (one indexed row) before it is answered, so a write committed through another
 * instance is seen by the very next request. The list itself is re-read only when the counter moved.
 *
 * The reads are shared: requests arriving while a check runs wait for the next one, which starts after
 * they arrived (so it cannot miss a write they could see), and one check answers all of them. Under load
 * that is one small query per database round trip, not per request.
 *
 * `recheckMs` > 0 trades that for a time-to-live: the counter is then read at most once per `recheckMs`.
 * That is the default on SQLite, which serves one instance: every write comes through this process and
 * invalidates at once, and the per-request read would cost about a third of the list's throughput
 * (measured with `pnpm bench:api`: 4,333 req/s with the time-to-live, 2,912 with a read per request).
 * Only a change made to the file behind the server's back (a forced restore) waits up to a second.
 */
import { createHash } from "node:crypto";
import { dialectOf } from "@portfolio/core/data";
import type { Core } from "@portfolio/core/services";
import { listProjects, projectsRevision } from "@portfolio/core/services";

/** On SQLite (one instance), how often the counter is re-read for changes made outside this process. */
export const SQLITE_RECHECK_MS = 1000;

export interface CachedList {
  body: Buffer;
  etag: string;
}

export class ProjectsCache {
  private entry: (CachedList & { revision: number }) | undefined;
  private checkedAt = 0;
  /** The check running now, and the one queued behind it for requests that arrived after it started. */
  private running: Promise<CachedList> | undefined;
  private queued: Promise<CachedList> | undefined;
  /** Bumped by invalidate(), so a load that started before a write cannot store the old list after it. */
  private generation = 0;

  private readonly recheckMs: number;

  constructor(
    private readonly core: Core,
    recheckMs?: number,
  ) {
    this.recheckMs = recheckMs ?? (dialectOf(core.db) === "sqlite" ? SQLITE_RECHECK_MS : 0);
  }

  /** A write through this instance: drop the list at once (the revision check would also catch it). */
  invalidate(): void {
    this.entry = undefined;
    this.generation++;
  }

  get(): CachedList | Promise<CachedList> {
    if (this.recheckMs > 0 && this.entry && Date.now() - this.checkedAt < this.recheckMs) return this.entry;
    if (!this.running) return this.begin();
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = undefined;
        return this.begin();
      });
    return this.queued;
  }

  private begin(): Promise<CachedList> {
    const run = this.load(this.generation).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async load(generation: number): Promise<CachedList> {
    const revision = await projectsRevision(this.core.db);
    if (this.entry && this.entry.revision === revision) {
      this.checkedAt = Date.now();
      return this.entry;
    }
    const body = Buffer.from(JSON.stringify({ projects: await listProjects(this.core.db) }));
    const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"`, revision };
    if (generation === this.generation) {
      this.entry = entry;
      this.checkedAt = Date.now();
    }
    return entry;
  }
}
