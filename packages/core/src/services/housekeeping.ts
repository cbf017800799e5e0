/**
 * Housekeeping: tables that would otherwise grow with every visit stay bounded. On a schedule,
 * one instance at a time (a lease row in the database, taken by one atomic UPDATE, so several instances
 * sharing a database never run it together) deletes:
 * - sessions past their expiry;
 * - e-mail tokens once used (a used link and an unknown one get the same answer), and unused ones a week
 *   past their expiry (until then an old link still hears "expired" rather than "invalid");
 * - 'Connect Twitch' states past their expiry;
 * - rate-limit rows whose window has ended;
 * - with AUDIT_RETENTION_DAYS set, audit entries older than that (unset: kept for ever). The audit log stays
 *   append-only in the database: only entries up to the keyed checkpoint pruning leaves may go, so the rest
 *   of the chain still verifies (audit-chain.ts);
 * - projects in the trash past their purge date (TRASH_RETENTION_DAYS), each purge audited;
 * - visit aggregates past VISITS_RETENTION_DAYS, and the salts and visitor hashes of days that are over.
 * And once a day it verifies the audit chain, keeps the outcome for the panel, and mails the owner when it
 * is broken (audit-check.ts).
 */
import type { Db } from "../data/schema.ts";
import { pruneAuditLog } from "./audit-chain.ts";
import { type AuditCheck, checkAuditChainIfDue } from "./audit-check.ts";
import type { Core } from "./context.ts";
import { removeUnusedPictures } from "./picture-gc.ts";
import { purgeExpiredTrash } from "./trash.service.ts";
import { pruneVisits } from "./visits/visits-retention.ts";

export const HOUSEKEEPING_JOB = "housekeeping";
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** An unused e-mail token is kept this long past its expiry, so its link still answers "expired". */
export const EXPIRED_TOKEN_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

export interface HousekeepingResult {
  sessions: number;
  tokens: number;
  twitchStates: number;
  rateLimits: number;
  auditEntries: number;
  trashPurged: number;
  visitDays: number;
  visitSalts: number;
  /** Stored pictures that no project, kept version or trashed project named any more. */
  picturesRemoved: number;
  /** Whether the daily chain check ran this time, and what it found. */
  auditCheck?: AuditCheck | undefined;
}

/**
 * Takes the job's lease for `ttlMs` when it is free (never taken, or expired): one UPDATE, so of several
 * instances asking at once exactly one gets it. The lease lasting a whole interval also means the job runs
 * once per interval across every instance.
 */
export async function takeLease(db: Db, name: string, holder: string, now: Date, ttlMs: number): Promise<boolean> {
  await db
    .insertInto("job_leases")
    .values({ name, holder: "", expires_at: new Date(0).toISOString(), last_run_at: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const taken = await db
    .updateTable("job_leases")
    .set({ holder, expires_at: new Date(now.getTime() + ttlMs).toISOString() })
    .where("name", "=", name)
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Runs housekeeping if this instance gets the lease; undefined when another instance has it or ran it lately. */
export async function runHousekeepingIfDue(
  core: Core,
  holder: string,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): Promise<HousekeepingResult | undefined> {
  const now = core.now();
  if (!(await takeLease(core.db, HOUSEKEEPING_JOB, holder, now, intervalMs))) return undefined;
  const result = await runHousekeeping(core);
  await core.db
    .updateTable("job_leases")
    .set({ last_run_at: now.toISOString() })
    .where("name", "=", HOUSEKEEPING_JOB)
    .where("holder", "=", holder)
    .execute();
  return result;
}

/** Deletes what has expired as of `core.now()`; each table in its own short statement. */
export async function runHousekeeping(core: Core): Promise<HousekeepingResult> {
  const { db } = core;
  const now = core.now();
  const at = now.toISOString();
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const sessions = count(await db.deleteFrom("sessions").where("expires_at", "<=", at).executeTakeFirst());
  const staleToken = new Date(now.getTime() - EXPIRED_TOKEN_GRACE_MS).toISOString();
  const tokens = count(
    await db
      .deleteFrom("tokens")
      .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", staleToken)]))
      .executeTakeFirst(),
  );
  const twitchStates = count(await db.deleteFrom("twitch_states").where("expires_at", "<=", at).executeTakeFirst());
  const rateLimits = count(await db.deleteFrom("rate_limits").where("reset_at", "<=", at).executeTakeFirst());
  const retention = core.config.auditRetentionMs;
  const auditEntries =
    retention === undefined
      ? 0
      : await pruneAuditLog(db, core.config.auditKey, new Date(now.getTime() - retention).toISOString());
  const trashPurged = await purgeExpiredTrash(core);
  const { visitDays, visitSalts } = await pruneVisits(core);
  // In one transaction: an upload stores its picture and names it in one too, so none is caught between.
  const picturesRemoved = await db.transaction().execute((trx) => removeUnusedPictures(trx));
  const auditCheck = await checkAuditChainIfDue(core);
  return {
    sessions,
    tokens,
    twitchStates,
    rateLimits,
    auditEntries,
    trashPurged,
    visitDays,
    visitSalts,
    picturesRemoved,
    auditCheck,
  };
}
