/**
 * Housekeeping's part of visitor counting (docs/design.md section 10): daily aggregates older than
 * VISITS_RETENTION_DAYS go (unset: two years; 0 keeps them), and so do the salts and visitor hashes of days
 * that are over, and live marks older than the live window.
 */
import type { Core } from "../context.ts";
import { LIVE_WINDOW_MS } from "./visit-counter.ts";
import { firstKeptDay, forgetPastDays } from "./visit-salts.table.ts";

export const DEFAULT_VISITS_RETENTION_DAYS = 730;

export async function pruneVisits(core: Core): Promise<{ visitDays: number; visitSalts: number }> {
  const now = core.now();
  const liveSince = new Date(now.getTime() - LIVE_WINDOW_MS).toISOString();
  const visitSalts = await forgetPastDays(core.db, firstKeptDay(now), liveSince);
  const days = core.config.visitsRetentionDays ?? DEFAULT_VISITS_RETENTION_DAYS;
  if (days === 0) return { visitDays: 0, visitSalts };
  const before = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const gone = await core.db.deleteFrom("visit_counts").where("day", "<", before).executeTakeFirst();
  return { visitDays: Number(gone.numDeletedRows), visitSalts };
}
