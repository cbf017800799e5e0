/**
 * The change log (docs/design.md §5): one row per project or profile change, appended by the services in the same
 * transaction as the change, so the web's edits reach the desktop through pull and the conflict check
 * sees every edit made since an op's base version.
 */
import { sql } from "kysely";
import { lockUntilCommit } from "../data/dialect.ts";
import type { Db } from "../data/schema.ts";
import { SYNC_FIELDS, type SyncEntity } from "../domain/sync.ts";
import { countDaily } from "./daily-counts.table.ts";
import { PROFILE_VERSION_KEY } from "./public-revision.ts";

export interface ChangeRecord {
  entity: SyncEntity;
  entityId: string;
  /** The changed fields' new values; other keys (ids, timestamps, version) are dropped. */
  fields: object;
  /** The entity's version after the change (for a deletion: the version the deletion takes). */
  version: number;
  deleted: boolean;
  at?: Date;
}

/** The sync fields present in `values` (ids, timestamps and the version are not fields a client edits). */
export function pickSyncFields(entity: SyncEntity, values: object): Record<string, unknown> {
  const record = values as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of SYNC_FIELDS[entity]) if (field in record) out[field] = record[field] ?? null;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The sync fields whose value differs between two states of an entity, with their new values. */
export function changedSyncFields(entity: SyncEntity, before: object, after: object): Record<string, unknown> {
  const [from, to] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const out: Record<string, unknown> = {};
  for (const field of SYNC_FIELDS[entity]) {
    if (!same(from[field], to[field])) out[field] = to[field] ?? null;
  }
  return out;
}

/**
 * The change log's append lock. A pull hands out "everything up to seq N" as its cursor, which holds only
 * if no transaction can still commit a smaller seq after a larger one is visible. On pg two writers take
 * sequence numbers in one order and may commit in the other, so appends take this lock (held to commit):
 * seq order is then commit order. Writes to projects and the profile are rare enough to queue.
 */
const CHANGE_LOG_LOCK = 0x5c_4a_06_e5;

/** Appends one change; call it inside the transaction that makes the change. */
export async function recordChange(db: Db, change: ChangeRecord): Promise<void> {
  await lockUntilCommit(db, CHANGE_LOG_LOCK);
  // Every project and profile change passes here: the dashboard's daily content edits.
  await countDaily(db, "edits", change.at ?? new Date());
  await db.insertInto("sync_changes").values(changeRow(change)).execute();
}

/** Rows per statement of `recordChanges`: far below both dialects' limits on bound parameters. */
const CHANGES_PER_STATEMENT = 250;

/**
 * `recordChange` for many changes at once, logged in the order given (their seqs follow it): the lock taken
 * once, the daily count added once per day, and the rows a few hundred per statement.
 */
export async function recordChanges(db: Db, changes: readonly ChangeRecord[]): Promise<void> {
  if (changes.length === 0) return;
  await lockUntilCommit(db, CHANGE_LOG_LOCK);
  const rows = changes.map(changeRow);
  const perDay = new Map<string, { at: Date; events: number }>();
  for (const [i, row] of rows.entries()) {
    const day = row.at.slice(0, 10);
    const counted = perDay.get(day) ?? { at: changes[i]?.at ?? new Date(row.at), events: 0 };
    counted.events++;
    perDay.set(day, counted);
  }
  for (const { at, events } of perDay.values()) await countDaily(db, "edits", at, events);
  for (let i = 0; i < rows.length; i += CHANGES_PER_STATEMENT) {
    await db
      .insertInto("sync_changes")
      .values(rows.slice(i, i + CHANGES_PER_STATEMENT))
      .execute();
  }
}

function changeRow(change: ChangeRecord) {
  return {
    entity: change.entity,
    entity_id: change.entityId,
    fields: JSON.stringify(change.deleted ? {} : pickSyncFields(change.entity, change.fields)),
    version: change.version,
    deleted: change.deleted ? 1 : 0,
    at: (change.at ?? new Date()).toISOString(),
    client_id: null,
  };
}

/** The newest change's sequence number (0 for an empty log): where a push's own changes will start. */
export async function lastChangeSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom("sync_changes")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Marks every change written after `afterSeq` in this push's transaction as the desktop's own: besides the
 * ops' entities, what they caused on others (marking a project Latest clears the previous one), so a pull
 * and the desktop's later pushes never take them for someone else's. Called once, at the end of the push's
 * transaction: on SQLite it is the only writer; on PostgreSQL its serializable snapshot sees no one else's
 * newer rows.
 */
export async function markChangesSince(db: Db, afterSeq: number, clientId: string): Promise<void> {
  await db
    .updateTable("sync_changes")
    .set({ client_id: clientId })
    .where("seq", ">", afterSeq)
    .where("client_id", "is", null)
    .execute();
}

export interface ChangesSince {
  /** Names of the fields others changed after the base version. */
  fields: Set<string>;
  /** The newest such change, when it was a deletion: its version. */
  deletedAt?: number;
  /** Whether anyone else changed the entity at all after the base version. */
  any: boolean;
}

/**
 * Whose changes are the pusher's own: those marked with its client id, and every change after
 * `pushedAfterSeq` (written by this push's own transaction, marked only when it ends).
 */
export interface ChangeOrigin {
  clientId: string;
  pushedAfterSeq: number;
}

/** What others (the web, other desktops) changed on an entity after `baseVersion`: the conflict check. */
export async function changesSince(
  db: Db,
  entity: SyncEntity,
  entityId: string,
  baseVersion: number,
  mine: ChangeOrigin,
): Promise<ChangesSince> {
  const rows = await db
    .selectFrom("sync_changes")
    .select(["fields", "deleted", "version"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .where("version", ">", baseVersion)
    .where("seq", "<=", mine.pushedAfterSeq)
    .where((eb) => eb.or([eb("client_id", "is", null), eb("client_id", "!=", mine.clientId)]))
    .orderBy("seq")
    .execute();
  const fields = new Set<string>();
  let deletedAt: number | undefined;
  for (const row of rows) {
    for (const field of Object.keys(JSON.parse(row.fields) as object)) fields.add(field);
    deletedAt = row.deleted === 1 ? row.version : undefined;
  }
  return { fields, any: rows.length > 0, ...(deletedAt === undefined ? {} : { deletedAt }) };
}

/** The entity's newest logged change, if any (whoever made it): a deletion tells a project is gone. */
export async function lastChange(
  db: Db,
  entity: SyncEntity,
  entityId: string,
): Promise<{ version: number; deleted: boolean; clientId: string | null } | undefined> {
  const row = await db
    .selectFrom("sync_changes")
    .select(["version", "deleted", "client_id"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { version: row.version, deleted: row.deleted === 1, clientId: row.client_id };
}

// ---- The profile's version ----

export { PROFILE_VERSION_KEY };

/** The site profile's version: 0 until its first change, then up by one per change. */
export async function profileVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", PROFILE_VERSION_KEY).executeTakeFirst();
  return row ? Number(JSON.parse(row.value)) : 0;
}

/** Bumps the profile's version in one statement (no lost update between two writers) and returns it. */
export async function nextProfileVersion(db: Db): Promise<number> {
  await db
    .insertInto("settings")
    .values({ key: PROFILE_VERSION_KEY, value: "0" })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .updateTable("settings")
    .set({ value: sql<string>`CAST(CAST(value AS INTEGER) + 1 AS TEXT)` })
    .where("key", "=", PROFILE_VERSION_KEY)
    .returning("value")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
