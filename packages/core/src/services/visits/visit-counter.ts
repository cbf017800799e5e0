/**
 * Each instance's visit counter (docs/design.md section 10): `record` decides and adds a beacon up in memory
 * at once (the beacon's answer never waits for the database), and `flush` writes what was added up every few
 * seconds, in short transactions of a few hundred rows each (visit-batch-write.ts). The visitor hash is HMAC-SHA256(salt of the UTC day, address + user agent);
 * the address itself is never kept, and beacons that arrive before their day's salt is read wait (in memory,
 * for that read only) and are hashed then.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Db } from "../../data/schema.ts";
import { syncLog, unsyncedTransaction } from "../../data/unsynced-writes.ts";
import { deviceClass, referrerHost, splitVisitPath, type VisitBody } from "../../domain/visits.ts";
import { getSetting, setSetting } from "../settings.service.ts";
import { VisitBatch } from "./visit-batch.ts";
import { writeBatch } from "./visit-batch-write.ts";
import { type VisitDecision, type VisitFacts, visitRefusal } from "./visit-rules.ts";
import { daySalt, firstKeptDay, forgetPastDays } from "./visit-salts.table.ts";

export const COUNT_VISITORS_SETTING = "analytics.countVisitors";
export const LIVE_WINDOW_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface VisitCounterOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** The site's own host: a referrer from it is a visitor moving between pages, not a referrer. */
  siteHost: () => string;
  /** How often the batch is written (VISITS_FLUSH_MS). */
  flushMs?: number;
  /** Beacons counted per address and minute on this instance; those past it are answered and dropped. */
  perAddressPerMinute?: number;
  /** Told of a failed write (the batch is kept and tried again with the next). */
  onError?: (error: unknown) => void;
}

interface Waiting {
  day: string;
  identity: string;
  visit: VisitBody;
  userAgent: string;
  at: string;
}

/** Beacons held for a salt at most (a database that cannot answer must not fill the memory). */
const MAX_WAITING = 50_000;

export class VisitCounter {
  private batch = new VisitBatch();
  private readonly salts = new Map<string, string>();
  private readonly saltReads = new Map<string, Promise<string>>();
  private waiting: Waiting[] = [];
  /** Beacons per address this minute, keyed by an HMAC under a key that never leaves this process. */
  private perAddress = new Map<string, number>();
  private readonly addressKey = randomBytes(32);
  private minute = -1;
  private countingOn = true;
  private timer: NodeJS.Timeout | undefined;
  /** The turn running now (salt, forgetting, writing), if any; `pause` waits for it. */
  private turn: Promise<void> = Promise.resolve();
  /** Schedules the next turn `ms` from now; set by `start`. */
  private schedule: ((ms: number) => void) | undefined;
  private flushing: Promise<unknown> = Promise.resolve();
  /** What this instance has written so far (the bench reads it). */
  readonly written = { beacons: 0, statements: 0, transactions: 0, batches: 0 };

  constructor(private readonly options: VisitCounterOptions) {}

  get enabled(): boolean {
    return this.countingOn;
  }

  /** Decides about one beacon and adds it up; never touches the database. */
  record(visit: VisitBody, facts: VisitFacts): VisitDecision {
    const { path, source } = splitVisitPath(visit.path);
    const refusal = visitRefusal(facts, path, this.countingOn);
    if (refusal) return refusal;
    const now = this.options.now();
    if (this.overLimit(facts.address, now)) return "limited";
    const day = now.toISOString().slice(0, 10);
    const identity = `${facts.address}\n${facts.userAgent}`;
    const salt = this.salts.get(day);
    const normalised = { ...visit, path: source ? `${path}?utm_source=${encodeURIComponent(source)}` : path };
    if (salt === undefined) {
      if (this.waiting.length < MAX_WAITING)
        this.waiting.push({ day, identity, visit: normalised, userAgent: facts.userAgent, at: now.toISOString() });
      void this.salt(day).catch(() => {});
    } else {
      this.add(day, hashVisitor(salt, identity), normalised, facts.userAgent, now.toISOString());
    }
    return "counted";
  }

  private overLimit(address: string, now: Date): boolean {
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.perAddress = new Map();
    }
    const key = createHmac("sha256", this.addressKey).update(address).digest("base64");
    const hits = (this.perAddress.get(key) ?? 0) + 1;
    this.perAddress.set(key, hits);
    return hits > (this.options.perAddressPerMinute ?? 120);
  }

  private add(day: string, visitor: string, visit: VisitBody, userAgent: string, at: string): void {
    const { path, source } = splitVisitPath(visit.path);
    const b = this.batch;
    b.beacons++;
    if (visit.kind === "code" || visit.kind === "demo") {
      b.add(day, "project", visit.projectId ?? "", null, visit.kind === "code" ? { codeClicks: 1 } : { demoClicks: 1 });
      return;
    }
    // A page view (the widget and shuffler pages say which they are, and count as views of their page).
    const one = { views: 1 };
    b.add(day, "site", "", visitor, one);
    b.add(day, "page", path, visitor, one);
    b.add(day, "device", deviceClass(userAgent), visitor, one);
    const host = referrerHost(visit.referrer);
    if (host && host !== this.options.siteHost()) b.add(day, "referrer", host, visitor, one);
    if (source) b.add(day, "source", source, visitor, one);
    if (visit.projectId) b.add(day, "project", visit.projectId, null, one);
    b.live.set(visitor, at);
  }

  /** The salt of `day`, read (or made) once per instance and day. */
  private salt(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known !== undefined) return Promise.resolve(known);
    let read = this.saltReads.get(day);
    if (!read) {
      read = daySalt(this.options.db, day).then(
        (salt) => {
          this.salts.set(day, salt);
          this.saltReads.delete(day);
          return salt;
        },
        (error: unknown) => {
          this.saltReads.delete(day);
          throw error;
        },
      );
      this.saltReads.set(day, read);
    }
    return read;
  }

  /** Reads the owner's switch and today's (and, near midnight, tomorrow's) salt, and forgets earlier days' salts. */
  async prepare(): Promise<void> {
    const now = this.options.now();
    const today = now.toISOString().slice(0, 10);
    this.countingOn = (await getSetting<boolean>(this.options.db, COUNT_VISITORS_SETTING)) ?? true;
    await this.salt(today);
    const soon = new Date(now.getTime() + 2 * MINUTE_MS).toISOString().slice(0, 10);
    if (soon !== today) await this.salt(soon);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
  }

  /** Turns counting on or off for every instance (each reads the switch before its next write). */
  async setCounting(db: Db, on: boolean): Promise<void> {
    await setSetting(db, COUNT_VISITORS_SETTING, on);
    this.countingOn = on;
  }

  /**
   * Writes what was added up since the last write; one write at a time. What a failed write did not commit is
   * kept and tried again with the next; what it committed is never written again.
   */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.flushNow());
    this.flushing = run.catch(() => {});
    return run;
  }

  private async flushNow(): Promise<void> {
    if (this.waiting.length > 0) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const w of waiting) {
        const salt = await this.salt(w.day);
        this.add(w.day, hashVisitor(salt, w.identity), w.visit, w.userAgent, w.at);
      }
    }
    const batch = this.batch;
    if (batch.empty) return;
    this.batch = new VisitBatch();
    try {
      const { db } = this.options;
      // Each slice commits without waiting for the disk; the batch is synced once, off the event loop.
      const written = await writeBatch(batch, (work) => unsyncedTransaction(db, work));
      await syncLog(db);
      this.written.beacons += batch.beacons;
      this.written.statements += written.statements;
      this.written.transactions += written.transactions;
      this.written.batches++;
    } catch (error) {
      // What was committed left `batch` slice by slice: only the rest is tried again.
      this.batch.absorb(batch);
      throw error;
    }
  }

  /** Deletes the salts and visitor hashes of days that are over (as housekeeping does, sooner). */
  async forget(firstKept: string): Promise<number> {
    const now = this.options.now();
    return forgetPastDays(this.options.db, firstKept, new Date(now.getTime() - LIVE_WINDOW_MS).toISOString());
  }

  /** How often the batch is written: `flushMs`, 5 s unless said. */
  private get flushEvery(): number {
    return this.options.flushMs ?? 5000;
  }

  /** Writes every `flushMs` (5 s unless said); the timer never keeps the process alive. */
  start(): void {
    let forgotten = "";
    const turn = async () => {
      try {
        await this.prepare();
        // Once a day, as soon as the day before is over past its grace.
        const firstKept = firstKeptDay(this.options.now());
        if (firstKept !== forgotten) {
          await this.forget(firstKept);
          forgotten = firstKept;
        }
        await this.flush();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (this.timer !== undefined) this.schedule?.(this.flushEvery);
    };
    this.schedule = (ms) => {
      this.timer = setTimeout(() => {
        this.turn = turn();
      }, ms).unref();
    };
    this.schedule(0);
  }

  /**
   * No turn until `resume`, once the one running has ended, and nothing written: a test counting the
   * statements of one operation (the statement budgets) counts none of the timer's, which belong to no
   * operation and on a slow machine would fall within a slow one.
   */
  async pause(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.turn;
  }

  /** The turns again, the next one `flushMs` from now (after `pause`; nothing when never started). */
  resume(): void {
    if (this.timer === undefined) this.schedule?.(this.flushEvery);
  }

  /** Stops the timer and writes the last batch (a graceful shutdown loses nothing). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

export function hashVisitor(salt: string, identity: string): string {
  return createHmac("sha256", salt).update(identity).digest("base64url");
}
