/**
 * `GET /api/sync/pull?since=<cursor>&limit=`: what changed on the server after the cursor, from the change
 * log (docs/design.md §5). Each changed entity comes once, in its CURRENT state (its row, or its deletion), ordered
 * by its latest change; `limit` counts log entries. Without a cursor, or with one this log cannot answer
 * (another server's, or older than the log keeps), the answer is a full snapshot flagged `reset: true`.
 *
 * A snapshot comes in pages too: at most `min(limit, SYNC_SNAPSHOT_MAX_PAGE)` projects each, in id
 * order, every page flagged `reset: true`, the profile on the first. While `hasMore`, the cursor continues the
 * snapshot (it holds the log position read at its start and the last id sent); the last page's cursor is
 * that log position, so every change made while the client was paging comes in the pulls after it. Each page
 * carries `total`, the projects there are now, so a client can say how far along it is.
 */
import { toCount } from "../data/dialect.ts";
import type { Db, ProjectRow } from "../data/schema.ts";
import type { Project } from "../domain/projects.ts";
import {
  PROFILE_ENTITY_ID,
  SYNC_FIELDS,
  SYNC_SNAPSHOT_MAX_PAGE,
  type SyncChange,
  type SyncEntity,
  type SyncPullAnswer,
} from "../domain/sync.ts";
import { profileVersion } from "../services/change-log.ts";
import type { Core } from "../services/context.ts";
import { toProject } from "../services/projects.table.ts";
import { newId } from "../services/secrets.ts";
import { getSiteProfile } from "../services/site-profile.service.ts";
import { prunedChangeSeq, pruneSyncLogIfDue } from "./retention.ts";

export interface PullInput {
  since?: string | undefined;
  limit: number;
}

const LOG_ID_KEY = "sync_log_id";
/** Ids per `IN (...)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const IN_CHUNK = 1000;

/** This log's identity, part of every cursor, so a cursor from another server's log is unknown here. */
async function changeLogId(db: Db): Promise<string> {
  const read = () => db.selectFrom("settings").select("value").where("key", "=", LOG_ID_KEY).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Made once, by whichever instance pulls first; the others read the winner's.
    await db
      .insertInto("settings")
      .values({ key: LOG_ID_KEY, value: JSON.stringify(newId()) })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    row = await read();
  }
  return JSON.parse(row?.value ?? '""') as string;
}

export function encodeCursor(logId: string, seq: number): string {
  return `${logId}.${seq}`;
}

/** The sequence number a cursor points at, or undefined when it is not this log's. */
export function decodeCursor(cursor: string, logId: string): number | undefined {
  const dot = cursor.lastIndexOf(".");
  if (dot < 0 || cursor.slice(0, dot) !== logId) return undefined;
  const text = cursor.slice(dot + 1);
  const seq = Number(text);
  return /^\d{1,15}$/.test(text) && Number.isSafeInteger(seq) ? seq : undefined;
}

const SNAPSHOT_MARK = ".after.";

/** A cursor that continues a snapshot: the log position it started at and the last project id sent. */
export function encodeSnapshotCursor(logId: string, seq: number, afterId: string): string {
  return `${logId}.${seq}${SNAPSHOT_MARK}${Buffer.from(afterId).toString("base64url")}`;
}

function decodeSnapshotCursor(cursor: string, logId: string): { seq: number; afterId: string } | undefined {
  const mark = cursor.indexOf(SNAPSHOT_MARK);
  if (mark < 0) return undefined;
  const seq = decodeCursor(cursor.slice(0, mark), logId);
  const afterId = Buffer.from(cursor.slice(mark + SNAPSHOT_MARK.length), "base64url").toString("utf8");
  return seq === undefined || afterId === "" ? undefined : { seq, afterId };
}

export async function pullChanges(core: Core, input: PullInput): Promise<SyncPullAnswer> {
  const answer = await readChanges(core, input);
  core.observe?.syncPulled?.(answer.changes.length, answer.reset === true);
  return answer;
}

async function readChanges(core: Core, input: PullInput): Promise<SyncPullAnswer> {
  const { db } = core;
  await pruneSyncLogIfDue(core);
  const logId = await changeLogId(db);
  const continued = input.since === undefined ? undefined : decodeSnapshotCursor(input.since, logId);
  if (continued) return snapshotPage(db, logId, continued.seq, continued.afterId, input.limit);
  const bounds = await db
    .selectFrom("sync_changes")
    .select((eb) => [eb.fn.min("seq").as("first"), eb.fn.max("seq").as("last")])
    .executeTakeFirst();
  const first = bounds?.first == null ? undefined : Number(bounds.first);
  const last = bounds?.last == null ? 0 : Number(bounds.last);
  const since = input.since === undefined ? undefined : decodeCursor(input.since, logId);
  // Expired: the log no longer holds every change after the cursor (pruned, or trimmed from the start).
  const expired =
    since !== undefined && ((first !== undefined && since < first - 1) || since < (await prunedChangeSeq(db)));
  if (since === undefined || since > last || expired) return snapshotPage(db, logId, last, undefined, input.limit);

  const rows = await db
    .selectFrom("sync_changes")
    .select(["seq", "entity", "entity_id", "fields", "version", "deleted"])
    .where("seq", ">", since)
    .orderBy("seq")
    .limit(input.limit + 1)
    .execute();
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const cursor = encodeCursor(logId, page.at(-1)?.seq ?? since);

  // One entry per entity, at the place of its latest change in this page.
  const touched = new Map<string, { entity: SyncEntity; entityId: string; fields: Set<string>; version: number }>();
  for (const row of page) {
    const key = `${row.entity}:${row.entity_id}`;
    const entry = touched.get(key) ?? {
      entity: row.entity as SyncEntity,
      entityId: row.entity_id,
      fields: new Set<string>(),
      version: row.version,
    };
    for (const field of Object.keys(JSON.parse(row.fields) as object)) entry.fields.add(field);
    entry.version = row.version;
    touched.delete(key);
    touched.set(key, entry);
  }
  const entries = [...touched.values()];
  const projects = await projectsById(
    db,
    entries.filter((e) => e.entity === "project").map((e) => e.entityId),
  );
  const profile = entries.some((e) => e.entity === "profile")
    ? { row: await getSiteProfile(db), version: await profileVersion(db) }
    : undefined;

  const changes: SyncChange[] = entries.map((entry): SyncChange => {
    const fields = [...entry.fields];
    if (entry.entity === "profile" && profile) {
      return {
        entity: "profile",
        entityId: entry.entityId,
        deleted: false,
        row: profile.row,
        version: profile.version,
        fields,
      };
    }
    const project = projects.get(entry.entityId);
    return project
      ? { entity: "project", entityId: entry.entityId, deleted: false, row: project, version: project.version, fields }
      : { entity: "project", entityId: entry.entityId, deleted: true, row: null, version: entry.version, fields };
  });
  return { cursor, changes, hasMore };
}

async function projectsById(db: Db, ids: string[]): Promise<Map<string, Project>> {
  const found = new Map<string, Project>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows: ProjectRow[] = await db
      .selectFrom("projects")
      .selectAll()
      .where("id", "in", ids.slice(i, i + IN_CHUNK))
      .execute();
    for (const row of rows) found.set(row.id, toProject(row));
  }
  return found;
}

/**
 * One page of the projects as they are now, in id order after `afterId` (the profile on the first page).
 * The log position is read before the first page, so nothing after it is missed.
 */
async function snapshotPage(
  db: Db,
  logId: string,
  seq: number,
  afterId: string | undefined,
  limit: number,
): Promise<SyncPullAnswer> {
  const size = Math.min(limit, SYNC_SNAPSHOT_MAX_PAGE);
  let select = db.selectFrom("projects").selectAll();
  if (afterId !== undefined) select = select.where("id", ">", afterId);
  const rows = await select
    .orderBy("id")
    .limit(size + 1)
    .execute();
  const page = rows.slice(0, size);
  const hasMore = rows.length > size;
  const projectFields = [...SYNC_FIELDS.project];
  const changes: SyncChange[] = page.map((row) => {
    const project = toProject(row);
    return {
      entity: "project",
      entityId: project._id,
      deleted: false,
      row: project,
      version: project.version,
      fields: projectFields,
    };
  });
  if (afterId === undefined) {
    changes.push({
      entity: "profile",
      entityId: PROFILE_ENTITY_ID,
      deleted: false,
      row: await getSiteProfile(db),
      version: await profileVersion(db),
      fields: [...SYNC_FIELDS.profile],
    });
  }
  const last = page.at(-1);
  const cursor = hasMore && last ? encodeSnapshotCursor(logId, seq, last.id) : encodeCursor(logId, seq);
  const counted = await db
    .selectFrom("projects")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return { cursor, changes, hasMore, reset: true, total: toCount(counted?.n as string | number | undefined) };
}
