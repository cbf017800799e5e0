/**
 * The chain's one-time seal (docs/security.md, the database holder). Entries written before the chain existed
 * (a database from before it, or restored from such a backup) are chained once, at the first start that
 * finds no seal, and only when nothing was ever chained: no chained entry, no checkpoint, no remembered head.
 * Afterwards start-up chains nothing: an entry inserted without a hash stays unchained, and verification
 * reports it as a break instead of the next start signing it with the real key.
 *
 * The seal is an audited act: on a log that holds anything it appends its own entry (`audit.sealed`, with how
 * many earlier entries it chained), and the keyed `seal` row points at that entry. Removing the keyed rows so
 * that a start seals again therefore leaves a second seal entry, which verification refuses
 * (audit-chain.ts). The same start keys the remembered head at the chain's head, and brings a checkpoint
 * keyed by an earlier release (whose MAC did not cover its seq) to the keyed form, if its seq is where
 * pruning left it (no entry at or below it).
 */
import { createHmac } from "node:crypto";
import { newestChainedEntry } from "../data/audit-head.ts";
import type { Db } from "../data/schema.ts";
import { type AuditWriter, recordAudit } from "./audit.service.ts";
import { entryHash, takeHead } from "./audit-chain.ts";
import { type ChainMark, readMark, writeMark } from "./audit-chain-marks.ts";

export interface SealOutcome {
  /** Whether this start sealed the chain (false: it was sealed before, and nothing was done). */
  sealed: boolean;
  /** How many entries from before the chain it chained. */
  earlier: number;
}

export async function sealAuditLogOnce(db: Db, writer: AuditWriter): Promise<SealOutcome> {
  if (!db.isTransaction) return db.transaction().execute((trx) => sealAuditLogOnce(trx, writer));
  const key = writer.config.auditKey;
  // Taken first: one instance seals, a second one starting at once waits and then finds the seal.
  const headHash = await takeHead(db);
  const [seal, checkpoint, verified] = await Promise.all([
    readMark(db, key, "seal"),
    readMark(db, key, "checkpoint"),
    readMark(db, key, "verified"),
  ]);
  if (seal) return { sealed: false, earlier: 0 };
  const neverChained = headHash === null && !checkpoint && !verified;
  const earlier = neverChained ? await chainEarlierEntries(db, key) : 0;
  if (checkpoint && !checkpoint.valid) await rekeyEarlierCheckpoint(db, key);
  const any = await db.selectFrom("audit_log").select("seq").limit(1).executeTakeFirst();
  if (any || checkpoint) {
    await recordAudit(
      writer,
      db,
      { kind: "system", reason: "first start with a sealed audit chain" },
      { action: "audit.sealed", targetType: "audit_log", details: { earlierEntries: earlier } },
    );
  }
  const head = await newestChainedEntry(db);
  const mark: ChainMark = head
    ? { seq: head.seq, entryId: head.entry_id, hash: head.hash }
    : { seq: 0, entryId: null, hash: null };
  await writeMark(db, key, "seal", mark);
  if (!verified) await writeMark(db, key, "verified", mark);
  return { sealed: true, earlier };
}

/** Chains every entry (none was chained before), oldest first. */
async function chainEarlierEntries(db: Db, key: string): Promise<number> {
  let prevHash: string | null = null;
  const unsealed = await db.selectFrom("audit_log").selectAll().where("hash", "is", null).orderBy("seq").execute();
  for (const row of unsealed) {
    const hash = entryHash(key, row, prevHash);
    // The database lets an entry be updated only while it has no hash, and then only its hash.
    await db.updateTable("audit_log").set({ prev_hash: prevHash, hash }).where("seq", "=", row.seq).execute();
    // An UPDATE: PostgreSQL's trigger that moves the head row on an INSERT does not see it (SQLite has no row).
    await db
      .updateTable("audit_chain")
      .set({ seq: Number(row.seq), entry_id: row.id, hash })
      .where("name", "=", "head")
      .execute();
    prevHash = hash;
  }
  return unsealed.length;
}

/**
 * An earlier release keyed the checkpoint over its entry and hash only. Such a checkpoint is keyed again with
 * its seq when that seq is where pruning leaves it (every entry at or below it removed); anything else is left
 * as it is, for verification to report.
 */
async function rekeyEarlierCheckpoint(db: Db, key: string): Promise<void> {
  const row = await db.selectFrom("audit_chain").selectAll().where("name", "=", "checkpoint").executeTakeFirst();
  if (!row?.entry_id || !row.hash) return;
  if (row.mac !== earlierCheckpointMac(key, row.entry_id, row.hash)) return;
  const below = await db
    .selectFrom("audit_log")
    .select("seq")
    .where("seq", "<=", Number(row.seq))
    .limit(1)
    .executeTakeFirst();
  if (below) return;
  await writeMark(db, key, "checkpoint", { seq: Number(row.seq), entryId: row.entry_id, hash: row.hash });
}

/** The MAC an earlier release gave a checkpoint: over its entry and hash, not its seq. */
export function earlierCheckpointMac(key: string, entryId: string, hash: string): string {
  return createHmac("sha256", key)
    .update(JSON.stringify(["checkpoint", entryId, hash]))
    .digest("hex");
}
