/**
 * The audit log as a keyed hash chain (docs/security.md, promise 32). Each entry's `hash` is an HMAC-SHA256, keyed
 * with AUDIT_KEY (kept outside the database), over the entry's canonical form and the hash of the entry
 * before it. Someone who can write the database but cannot read the key cannot change, remove or insert an
 * entry without breaking the chain at that point, and cutting entries off the end shows against any head
 * printed earlier (backups print it, the panel shows it).
 *
 * Writers take the head inside their own transaction and chain onto its hash, so entries are chained in the
 * order they commit: on PostgreSQL they lock the `head` row of `audit_chain` (a second instance waits for the
 * lock or, in a SERIALIZABLE transaction, is retried); on SQLite they hold the database's one write lock. The
 * chain never forks.
 */
import { createHash, createHmac, hash } from "node:crypto";
import { newestChainedHash } from "../data/audit-head.ts";
import { dialectOf } from "../data/dialect.ts";
import { runReused, slotRow } from "../data/reused-statement.ts";
import type { AuditLogTable, Db } from "../data/schema.ts";
import type { AuditHead, AuditVerifyAnswer } from "../domain/api-types.ts";
import { type ChainMark, markMac, readMark } from "./audit-chain-marks.ts";
import { chainRowReader } from "./audit-chain-rows.ts";

/**
 * The columns that make an entry; seq is left out so a restore into the other dialect keeps every hash, and
 * kind too (it is the action's first word, kept apart for the panel's filter; the guard forbids changing it).
 */
export type ChainedFields = Pick<
  AuditLogTable,
  "id" | "at" | "actor_id" | "actor_name" | "action" | "target_type" | "target_id" | "details"
>;

/** One fixed JSON array: the same bytes on both dialects, whatever order the columns come back in. */
export function canonicalEntry(entry: ChainedFields, prevHash: string | null): string {
  return JSON.stringify([
    entry.id,
    entry.at,
    entry.actor_id,
    entry.actor_name,
    entry.action,
    entry.target_type,
    entry.target_id,
    entry.details,
    prevHash,
  ]);
}

export function entryHash(key: string, entry: ChainedFields, prevHash: string | null): string {
  return createHmac("sha256", key).update(canonicalEntry(entry, prevHash)).digest("hex");
}

/**
 * HMAC-SHA256 under one key for many texts, by its definition (RFC 2104): SHA-256(opad ‖ SHA-256(ipad ‖ text)),
 * the pads made once and each text hashed in one call each way, with no hash object per text (verification
 * hashes every entry of the log; the answers are the same bytes as `createHmac`'s, the tests check it).
 */
export function keyedHasher(key: string): (text: string) => string {
  const BLOCK = 64;
  let keyBytes = Buffer.from(key, "utf8");
  if (keyBytes.length > BLOCK) keyBytes = createHash("sha256").update(keyBytes).digest();
  const ipad = Buffer.alloc(BLOCK, 0x36);
  // The outer input: the pad, then the inner digest written after it for each text.
  const outer = Buffer.alloc(BLOCK + 32, 0x5c);
  for (let i = 0; i < keyBytes.length; i++) {
    ipad[i] = (ipad[i] as number) ^ (keyBytes[i] as number);
    outer[i] = (outer[i] as number) ^ (keyBytes[i] as number);
  }
  let inner = Buffer.allocUnsafe(BLOCK + 4096);
  ipad.copy(inner);
  return (text) => {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (BLOCK + text.length * 3 > inner.length) {
      inner = Buffer.allocUnsafe(BLOCK + text.length * 6);
      ipad.copy(inner);
    }
    const length = inner.write(text, BLOCK, "utf8");
    hash("sha256", inner.subarray(0, BLOCK + length), "buffer").copy(outer, BLOCK);
    return hash("sha256", outer, "hex");
  };
}

/** `entryHash` for many entries under one key (`keyedHasher`). */
export function entryHasher(key: string): (entry: ChainedFields, prevHash: string | null) => string {
  const mac = keyedHasher(key);
  return (entry, prevHash) => mac(canonicalEntry(entry, prevHash));
}

/** `entryHasher` kept per key: every audited write hashes one entry, and the key's pads are made once. */
const hashers = new Map<string, ReturnType<typeof entryHasher>>();
function entryHasherFor(key: string): ReturnType<typeof entryHasher> {
  let hasher = hashers.get(key);
  if (!hasher) {
    hasher = entryHasher(key);
    hashers.set(key, hasher);
  }
  return hasher;
}

/**
 * Takes the head inside the writing transaction and answers its hash. PostgreSQL: locks the head row until
 * the transaction ends (creating it for the first entry ever) and reads the hash it carries, the latest
 * committed. SQLite: reads the newest chained entry's (audit-head.ts); the caller's transaction holds, or
 * takes with its next write, the database's one write lock.
 */
export async function takeHead(trx: Db): Promise<string | null> {
  if (dialectOf(trx) === "sqlite") {
    const { rows } = await runReused(
      trx,
      "chain head",
      () => trx.selectNoFrom((eb) => newestChainedHash(eb).as("hash")),
      {},
    );
    return rows[0]?.hash ?? null;
  }
  const lock = async () => {
    const { rows } = await runReused(trx, "chain head lock", () => lockHeadRow(trx), {});
    return rows[0];
  };
  const head = await lock();
  if (head) return head.hash;
  // The first entry ever: create the head row (once, whoever of two instances gets there first), then lock it.
  await trx
    .insertInto("audit_chain")
    .values({ name: "head", seq: 0, entry_id: null, hash: null, mac: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const created = await lock();
  if (!created) throw new Error("The audit chain's head row could not be created.");
  return created.hash;
}

/** PostgreSQL's lock on the head row: an UPDATE that changes nothing, returning the latest committed hash. */
function lockHeadRow(trx: Db) {
  return trx
    .updateTable("audit_chain")
    .set((eb) => ({ seq: eb.ref("seq") }))
    .where("name", "=", "head")
    .returning(["hash"]);
}

/** Rows written in the statement that takes the head (a change's version rows): one round trip fewer. */
export interface RowsAlongside {
  table: "project_versions" | "versions";
  /** The table's key: a row already kept stays as it is. */
  key: readonly string[];
  /** Rows of one shape: the same columns in the same order. */
  rows: readonly Readonly<Record<string, string | number | null>>[];
}

/**
 * `takeHead` with `alongside` inserted in the same statement; undefined when the head must still be taken on
 * its own (no head row yet on PostgreSQL, or no row inserted on SQLite). PostgreSQL: the insert as a
 * data-modifying CTE of the UPDATE that locks the head row (it waits for the lock and returns the latest
 * committed hash). SQLite: the insert RETURNING the head, read under the write lock the insert holds.
 */
async function takeHeadAlongside(trx: Db, alongside: RowsAlongside): Promise<{ hash: string | null } | undefined> {
  const { table, key, rows } = alongside;
  const columns = Object.keys(rows[0] ?? {});
  const values = Object.fromEntries(rows.flatMap((row, i) => columns.map((column) => [`${i}.${column}`, row[column]])));
  const { rows: answer } = await runReused(
    trx,
    `chain head with ${table}:${rows.length}:${columns.join()}`,
    (slot) => {
      const insert = trx
        .insertInto(table)
        .values(rows.map((_, i) => slotRow(columns, slot, `${i}.`)))
        .onConflict((oc) => oc.columns(key as never).doNothing());
      if (dialectOf(trx) === "sqlite") return insert.returning((eb) => newestChainedHash(eb).as("hash"));
      return trx
        .with("alongside", () => insert)
        .updateTable("audit_chain")
        .set((eb) => ({ seq: eb.ref("seq") }))
        .where("name", "=", "head")
        .returning(["hash"]);
    },
    values,
  );
  return answer[0];
}

/** The columns of an entry as written, in the order its reused INSERT binds them. */
const ENTRY_COLUMNS = [
  "id",
  "at",
  "actor_id",
  "actor_name",
  "action",
  "kind",
  "target_type",
  "target_id",
  "details",
  "prev_hash",
  "hash",
] as const;

/**
 * Appends one entry, chained, inside the caller's transaction (or a transaction of its own), with
 * `alongside` written in the statement that takes the head. On PostgreSQL the head row moves onto the entry
 * within the entry's INSERT (the audit_log_move_head trigger).
 */
export async function appendChained(
  db: Db,
  key: string,
  entry: ChainedFields & { kind: string },
  alongside?: RowsAlongside,
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => appendChained(trx, key, entry, alongside));
    return;
  }
  const taken = alongside ? await takeHeadAlongside(db, alongside) : undefined;
  const prevHash = taken ? taken.hash : await takeHead(db);
  await runReused(db, "audit entry", (slot) => db.insertInto("audit_log").values(slotRow(ENTRY_COLUMNS, slot)), {
    ...entry,
    prev_hash: prevHash,
    hash: entryHasherFor(key)(entry, prevHash),
  });
}

/** Rows per multi-row statement of a bulk write: far below both dialects' limits on bound parameters. */
const ROWS_PER_STATEMENT = 250;

/**
 * Appends many entries, chained in the order given, inside the caller's transaction: the head is taken once
 * (after `alongside`, the changes' version rows, is written), each entry's hash computed in memory onto the
 * one before it, and the entries inserted a few hundred per statement. The chain is the one `appendChained`
 * would make entry by entry; on PostgreSQL the trigger moves the head row onto each inserted entry in turn.
 */
export async function appendChainedMany(
  trx: Db,
  key: string,
  entries: readonly (ChainedFields & { kind: string })[],
  alongside?: RowsAlongside,
): Promise<void> {
  if (!trx.isTransaction) throw new Error("appendChainedMany runs inside the caller's transaction.");
  if (entries.length === 0) return;
  if (alongside) {
    for (let i = 0; i < alongside.rows.length; i += ROWS_PER_STATEMENT) {
      await trx
        .insertInto(alongside.table)
        .values(alongside.rows.slice(i, i + ROWS_PER_STATEMENT) as never)
        .onConflict((oc) => oc.columns(alongside.key as never).doNothing())
        .execute();
    }
  }
  let prevHash = await takeHead(trx);
  const hasher = entryHasherFor(key);
  const rows = entries.map((entry) => {
    const hash = hasher(entry, prevHash);
    const row = { ...entry, prev_hash: prevHash, hash };
    prevHash = hash;
    return row;
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await trx
      .insertInto("audit_log")
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
  }
}

/** A head as printed and shown: `<entry id>:<hash>`. */
export function formatHead(head: AuditHead | null): string {
  return head ? `${head.id}:${head.hash}` : "(empty)";
}

export function parseHead(text: string): AuditHead | null {
  const match = /^([^:\s]{1,64}):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { id: match[1] as string, hash: match[2] as string } : null;
}

const BATCH = 10_000;

/** The action of the one entry written by the chain's one-time seal (audit-seal.ts). */
export const SEAL_ACTION = "audit.sealed";

/** A chain that verified, with the position of its head (the remembered head moves there). */
export type VerifiedChain = Extract<AuditVerifyAnswer, { ok: true }> & { headMark: ChainMark };

/**
 * Walks the chain oldest first and answers where it first breaks: an entry whose hash no longer matches its
 * contents (changed), one whose prev_hash is not the hash of the entry before it (an entry removed before it,
 * or inserted), an entry never chained, a keyed row of `audit_chain` changed or removed (audit-chain-marks.ts),
 * a second seal, or a chain that no longer reaches the remembered head or, given one, a head saved earlier
 * (entries cut off the end, or every entry removed: `firstBadId` is then that head's entry).
 *
 * Streams in seq order, a batch at a time (memory stays flat at any size), and reads the next batch while
 * hashing this one, so the database's work and the hashing overlap (on PostgreSQL; SQLite's driver is synchronous).
 */
export async function verifyAuditChain(
  db: Db,
  key: string,
  savedHead?: AuditHead,
  batch = BATCH,
): Promise<AuditVerifyAnswer> {
  const walked = await walkAuditChain(db, key, savedHead, batch);
  if (!walked.ok) return walked;
  const { headMark: _, ...answer } = walked;
  return answer;
}

/** `verifyAuditChain`, answering the head's position too when the chain is whole. */
export async function walkAuditChain(
  db: Db,
  key: string,
  savedHead?: AuditHead,
  batch = BATCH,
): Promise<VerifiedChain | Extract<AuditVerifyAnswer, { ok: false }>> {
  const [checkpoint, seal, verified] = await Promise.all([
    readMark(db, key, "checkpoint"),
    readMark(db, key, "seal"),
    readMark(db, key, "verified"),
  ]);
  const first = await db.selectFrom("audit_log").select("id").orderBy("seq").limit(1).executeTakeFirst();
  const firstId = first?.id ?? "";
  if (checkpoint && (!checkpoint.entryId || !checkpoint.hash || !checkpoint.valid)) {
    return broken(0, first?.id ?? checkpoint.entryId ?? "", "The pruning checkpoint was changed.");
  }
  if (seal && !seal.valid) return broken(0, seal.entryId ?? firstId, "The chain's seal was changed in the database.");
  if (verified && !verified.valid) {
    return broken(0, verified.entryId ?? firstId, "The remembered head was changed in the database.");
  }
  // Both are written at the first start (audit-seal.ts): a log without them had them removed.
  if ((first || checkpoint) && !seal) {
    return broken(
      0,
      firstId,
      "The chain has no seal: it was removed from the database, or the server never started on it.",
    );
  }
  if ((first || checkpoint) && !verified) {
    return broken(0, firstId, "The remembered head was removed from the database.");
  }
  let expected: string | null = checkpoint?.hash ?? null;
  let headMark: ChainMark = checkpoint ?? { seq: 0, entryId: null, hash: null };
  let entries = 0;
  // The remembered head: reached already when pruning removed it (the keyed checkpoint stands at or after it).
  const remembered = verified && verified.seq > 0 ? verified : undefined;
  let reachedRemembered = remembered === undefined;
  if (remembered && checkpoint && remembered.seq <= checkpoint.seq) {
    if (remembered.seq === checkpoint.seq && remembered.hash !== checkpoint.hash) {
      return broken(0, remembered.entryId ?? firstId, "The pruning checkpoint is not at the remembered head.");
    }
    reachedRemembered = true;
  }
  let reachedSaved =
    savedHead === undefined || (savedHead.id === checkpoint?.entryId && savedHead.hash === checkpoint.hash);
  const mac = keyedHasher(key);
  const batchAfter = chainRowReader(db, batch);
  // A batch read ahead may be left unread when a break is found: its failure then has nobody to tell.
  const ahead = (seq: number) => {
    const rows = batchAfter(seq);
    rows.catch(() => undefined);
    return rows;
  };
  let pending = ahead(checkpoint?.seq ?? 0);
  for (;;) {
    const rows = await pending;
    const full = rows.length === batch;
    if (full) pending = ahead(Number(rows.at(-1)?.at(-1)));
    for (const row of rows) {
      // What remains after taking seq and hash off is the entry's canonical form (audit-chain-rows.ts).
      const seq = Number(row.pop());
      const stored = row.pop() as string | null;
      const id = row[0] as string;
      const prevHash = row[8] as string | null;
      if (stored === null) return broken(entries, id, "This entry was never chained.");
      if (mac(JSON.stringify(row)) !== stored) {
        return broken(entries, id, "This entry was changed after it was written.");
      }
      if (prevHash !== expected) {
        return broken(entries, id, "The entry before this one was removed (or one was inserted).");
      }
      // The seal is written once; another means its keyed rows were removed so that a start would seal again.
      if (row[4] === SEAL_ACTION && id !== seal?.entryId) {
        return broken(entries, id, "The chain was sealed more than once: its keyed rows were reset in the database.");
      }
      if (!reachedRemembered && remembered && seq >= remembered.seq) {
        if (seq !== remembered.seq || id !== remembered.entryId || stored !== remembered.hash) {
          return broken(entries, id, "This entry is not the remembered head: the log was rewritten from there.");
        }
        reachedRemembered = true;
      }
      if (!reachedSaved && id === savedHead?.id) {
        if (stored !== savedHead.hash) return broken(entries, id, "This entry is not the saved head.");
        reachedSaved = true;
      }
      expected = stored;
      headMark = { seq, entryId: id, hash: stored };
      entries++;
    }
    if (!full) break;
  }
  if (!reachedSaved && savedHead) {
    return broken(entries, savedHead.id, "The log ends before the saved head: entries were cut off the end.");
  }
  if (!reachedRemembered && remembered) {
    return broken(
      entries,
      remembered.entryId ?? "",
      "The log ends before the remembered head: entries were cut off the end.",
    );
  }
  const head = entries > 0 && headMark.entryId && headMark.hash ? { id: headMark.entryId, hash: headMark.hash } : null;
  return { ok: true, entries, head, headMark };
}

function broken(entries: number, firstBadId: string, reason: string): Extract<AuditVerifyAnswer, { ok: false }> {
  return { ok: false, entries, firstBadId, reason };
}

/**
 * Removes the entries written before `before` (AUDIT_RETENTION_DAYS), in one transaction, leaving a keyed
 * checkpoint at the last one removed so the rest still verifies. Returns how many were removed.
 */
export async function pruneAuditLog(db: Db, key: string, before: string): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => pruneAuditLog(trx, key, before));
  await takeHead(db);
  const last = await db
    .selectFrom("audit_log")
    .select(["seq", "id", "hash"])
    .where("at", "<", before)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last?.hash) return 0;
  const values = {
    seq: Number(last.seq),
    entry_id: last.id,
    hash: last.hash,
  };
  const mac = markMac(key, "checkpoint", { seq: values.seq, entryId: values.entry_id, hash: values.hash });
  const updated = await db
    .updateTable("audit_chain")
    .set({ ...values, mac })
    .where("name", "=", "checkpoint")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto("audit_chain")
      .values({ name: "checkpoint", ...values, mac })
      .execute();
  }
  const removed = await db.deleteFrom("audit_log").where("seq", "<=", Number(last.seq)).executeTakeFirst();
  return Number(removed.numDeletedRows);
}
