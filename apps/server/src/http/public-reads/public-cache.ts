/**
 * The public reads' answers (public-reads.ts) kept in memory, each under its key (an operation and its
 * parsed query), all of them valid for one content revision (`publicRevision` in core: bumped inside every
 * project and profile write, by any instance sharing the database). A write through this instance drops
 * them at once (`invalidate`); a write through another is seen when the revision is next read.
 *
 * On PostgreSQL (several instances) the revision is read for every request, but the reads are shared:
 * requests arriving while a check runs wait for the next one, which starts after they arrived (so it cannot
 * miss a write they could see), and one check answers all of them: under load, one small query per
 * database round trip, not per request.
 *
 * `recheckMs` > 0 trades that for a time-to-live: the revision is then read at most once per `recheckMs`.
 * That is the default on SQLite, which serves one instance: every write comes through this process and
 * invalidates at once; only a change made to the file behind the server's back (a forced restore) waits up
 * to a second.
 *
 * The number of answers kept is bounded (each sort, seed and page of the list is its own): past
 * `maxEntries` the one used least recently goes, so a flood of new seeds cannot push out the plain list.
 */
import type { EncodedAnswer } from "./encoded-answer.ts";

/** On SQLite (one instance), how often the revision is re-read for changes made outside this process. */
export const SQLITE_RECHECK_MS = 1000;
export const MAX_ENTRIES = 256;

export interface PublicCacheOptions {
  /** Reads the content revision (one statement). */
  readRevision: () => Promise<string>;
  recheckMs: number;
  maxEntries?: number;
}

export class PublicCache {
  private revision: string | undefined;
  private checkedAt = 0;
  private readonly entries = new Map<string, EncodedAnswer>();
  /** The key used last (the entries' last): a run of reads of one key moves nothing. */
  private newest: string | undefined;
  /** Answers being built, so requests for the same key share one build. */
  private readonly building = new Map<string, Promise<EncodedAnswer>>();
  /** The check running now, and the one queued behind it for requests that arrived after it started. */
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** Bumped whenever the entries are dropped, so a build that started before cannot store its old answer. */
  private generation = 0;

  constructor(private readonly options: PublicCacheOptions) {}

  /** A write through this instance: drop every answer at once (the revision check would also catch it). */
  invalidate(): void {
    this.revision = undefined;
    this.drop();
  }

  /**
   * The answer kept for `key` when it may be given without reading the revision (within `recheckMs` of the
   * last read), else undefined: the hot path's lookup, with nothing to build.
   */
  fresh(key: string): EncodedAnswer | undefined {
    return this.recheckDue() ? undefined : this.used(key);
  }

  /** The answer for `key`: from memory while the revision holds, else built (once) by `build`. */
  get(key: string, build: () => Promise<EncodedAnswer>): EncodedAnswer | Promise<EncodedAnswer> {
    if (!this.recheckDue()) return this.used(key) ?? this.fill(key, build);
    return this.check().then(() => this.used(key) ?? this.fill(key, build));
  }

  /** Whether the revision must be read before an answer is given. */
  private recheckDue(): boolean {
    const { recheckMs } = this.options;
    return !(recheckMs > 0 && this.revision !== undefined && Date.now() - this.checkedAt < recheckMs);
  }

  /** The answer kept for `key`, moved to the most recently used end. */
  private used(key: string): EncodedAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, answer);
      this.newest = key;
    }
    return answer;
  }

  private drop(): void {
    this.newest = undefined;
    this.entries.clear();
    this.building.clear();
    this.generation++;
  }

  private fill(key: string, build: () => Promise<EncodedAnswer>): Promise<EncodedAnswer> {
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const run = build().then(
      (answer) => {
        if (generation === this.generation) {
          this.building.delete(key);
          if (this.entries.size >= (this.options.maxEntries ?? MAX_ENTRIES)) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
          this.entries.set(key, answer);
          this.newest = key;
        }
        return answer;
      },
      (error: unknown) => {
        if (generation === this.generation) this.building.delete(key);
        throw error;
      },
    );
    this.building.set(key, run);
    return run;
  }

  private check(): Promise<void> {
    if (!this.running) return this.begin();
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.begin();
      });
    return this.queued;
  }

  private begin(): Promise<void> {
    const generation = this.generation;
    const run = this.options
      .readRevision()
      .then((revision) => {
        // A write through this instance while the read ran: its invalidation stands, the next check reads again.
        if (generation !== this.generation) return;
        if (revision !== this.revision) {
          this.drop();
          this.revision = revision;
        }
        this.checkedAt = Date.now();
      })
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
    this.running = run;
    return run;
  }
}
