/**
 * An express-rate-limit Store kept in the database (table `rate_limits`), on SQLite and PostgreSQL alike:
 * limits survive a restart and are counted across every instance sharing the database (docs/security.md, promise 8).
 *
 * Each hit is one atomic upsert (`countHit` of @portfolio/core/data, which the account-wide second-factor
 * count shares), so concurrent requests on several instances never lose a count. Windows are fixed, like the
 * library's memory store: the first hit opens a window of `windowMs`; a hit after `reset_at` starts anew.
 * Keys are stored as their SHA-256 (`storedRateKey`).
 */
import { countHit, type Database, storedRateKey, takeBackHit } from "@portfolio/core/data";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Kysely } from "kysely";
import type { InFlight } from "./in-flight.ts";

export interface DatabaseRateLimitStoreOptions {
  /** Clock for tests; defaults to the real time. */
  now?: () => number;
  /**
   * Tracks the work that runs after the answer (`decrement`, called once the response has finished), so
   * closing the server waits for it before the database closes.
   */
  inFlight?: InFlight;
}

/** The stored form of a limiter's key. */
export const storedKey = storedRateKey;

export class DatabaseRateLimitStore implements Store {
  /** Counts are shared with other processes, so the library must not assume they are local. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastPurge = 0;
  private readonly now: () => number;
  private readonly inFlight: InFlight | undefined;

  /**
   * @param limiter names the limiter (e.g. "login-ip"): express-rate-limit wants one store per limiter,
   *   and rows of different limiters must not share a count.
   */
  constructor(
    private readonly db: Kysely<Database>,
    readonly limiter: string,
    options: DatabaseRateLimitStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.inFlight = options.inFlight;
  }

  /** The prefix express-rate-limit uses to tell stores apart in its reuse check. */
  get prefix(): string {
    return this.limiter;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select(["hits", "reset_at"])
      .where("limiter", "=", this.limiter)
      .where("key", "=", storedKey(key))
      .where("reset_at", ">", new Date(this.now()).toISOString())
      .executeTakeFirst();
    return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    await this.purgeExpired(new Date(this.now()).toISOString());
    const { hits, resetAt } = await countHit(this.db, this.limiter, key, this.windowMs, this.now());
    return { totalHits: hits, resetTime: resetAt };
  }

  async decrement(key: string): Promise<void> {
    const update = takeBackHit(this.db, this.limiter, key, this.now());
    await (this.inFlight ? this.inFlight.track(update) : update);
  }

  async resetKey(key: string): Promise<void> {
    await this.db
      .deleteFrom("rate_limits")
      .where("limiter", "=", this.limiter)
      .where("key", "=", storedKey(key))
      .execute();
  }

  async resetAll(): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("limiter", "=", this.limiter).execute();
  }

  /** Expired windows are dead rows: drop them at most once per window, so the table stays small. */
  private async purgeExpired(now: string): Promise<void> {
    if (this.now() - this.lastPurge < this.windowMs) return;
    this.lastPurge = this.now();
    await this.db.deleteFrom("rate_limits").where("limiter", "=", this.limiter).where("reset_at", "<=", now).execute();
  }
}

/** One store per limiter: `rateLimit({ ..., store: createDatabaseRateLimitStore(core.db, "login-ip") })`. */
export function createDatabaseRateLimitStore(
  db: Kysely<Database>,
  limiter: string,
  options?: DatabaseRateLimitStoreOptions,
): DatabaseRateLimitStore {
  return new DatabaseRateLimitStore(db, limiter, options);
}
