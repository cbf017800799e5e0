/**
 * The keyed rows of `audit_chain` (docs/security.md, the database holder): the pruning `checkpoint`, the
 * one-time `seal` and the `verified` head. Each carries a MAC under the audit key over its name, seq, entry
 * and hash, so someone who can write the database but does not hold the key can neither move one (a
 * checkpoint moved past the last entry, a remembered head moved back onto a cut tail) nor make one up.
 */
import { createHmac } from "node:crypto";
import type { AuditChainTable, Db } from "../data/schema.ts";

export type MarkName = "checkpoint" | "seal" | "verified";

/** A position in the chain: an entry's seq, id and hash (seq 0 and no entry: before the first entry). */
export interface ChainMark {
  seq: number;
  entryId: string | null;
  hash: string | null;
}

export function markMac(key: string, name: MarkName, mark: ChainMark): string {
  return createHmac("sha256", key)
    .update(JSON.stringify([name, mark.seq, mark.entryId, mark.hash]))
    .digest("hex");
}

/** The mark as stored, or undefined; `valid` says whether its MAC holds under `key`. */
export async function readMark(
  db: Db,
  key: string,
  name: MarkName,
): Promise<(ChainMark & { valid: boolean }) | undefined> {
  const row = await db.selectFrom("audit_chain").selectAll().where("name", "=", name).executeTakeFirst();
  if (!row) return undefined;
  const mark = { seq: Number(row.seq), entryId: row.entry_id, hash: row.hash };
  return { ...mark, valid: row.mac !== null && row.mac === markMac(key, name, mark) };
}

/** Writes the mark with its MAC, in place of the one stored. */
export async function writeMark(db: Db, key: string, name: MarkName, mark: ChainMark): Promise<void> {
  const values = markRow(key, name, mark);
  const updated = await db.updateTable("audit_chain").set(values).where("name", "=", name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto("audit_chain").values(values).execute();
}

/**
 * Moves the remembered head forward to `mark` (never back: of two verifications finishing together, the one
 * that saw more entries wins whatever the order of their writes).
 */
export async function advanceVerifiedMark(db: Db, key: string, mark: ChainMark): Promise<void> {
  const values = markRow(key, "verified", mark);
  await db
    .insertInto("audit_chain")
    .values(values)
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ seq: values.seq, entry_id: values.entry_id, hash: values.hash, mac: values.mac })
        .where("audit_chain.seq", "<", values.seq),
    )
    .execute();
}

function markRow(key: string, name: MarkName, mark: ChainMark): AuditChainTable {
  return { name, seq: mark.seq, entry_id: mark.entryId, hash: mark.hash, mac: markMac(key, name, mark) };
}
