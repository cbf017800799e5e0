/**
 * Pulls the server's changes after the stored cursor, page by page while `hasMore`, and applies each
 * page with its cursor in one local transaction (a crash re-pulls the page, and applying it twice is
 * harmless). Each change records the server's version and row for the entity; the local row takes the
 * server's values except for fields that still have a local change waiting: the push decides those.
 *
 * A `reset: true` answer is a full snapshot, perhaps in many pages (a first connect to a server
 * of 10,000 projects). Each page's projects are written at once, its ids noted in `desktop_snapshot_seen`
 * and the cursor to go on from kept in the local database, all in the page's transaction: a download
 * stopped by the owner (`shouldStop`), a lost connection or a restart resumes from there. Only with the
 * last page in are local projects missing from the whole snapshot deleted (unless a local change to them
 * is still waiting) and the ordinary cursor kept: until then the desktop is not in sync.
 */
import type { SyncChange, SyncPullAnswer } from "@portfolio/core/domain";
import type { Transport } from "@portfolio/core/operations/client";
import { deleteLocalProject, localFields, syncedFields, writeLocalProfile, writeLocalProject } from "./local-rows.ts";
import { entityKey, type LocalDb, waitingByEntity } from "./outbox.ts";
import { readState, recordServerState, writeState } from "./server-state.ts";

/** Projects per page asked for (the server sends at most 1000 per snapshot page). */
export const PULL_PAGE = 1000;

/** How far a snapshot download has come: projects received out of the snapshot's total. */
export interface DownloadProgress {
  received: number;
  total: number;
}

/** What `pullChanges` did: everything is in, or the owner stopped a snapshot download part way. */
export type PullOutcome = "done" | "stopped";

/** The snapshot download the local database holds, stopped or under way; null when none is. */
export async function storedDownload(db: LocalDb): Promise<DownloadProgress | null> {
  if ((await readState(db, "snapshot_cursor")) === null) return null;
  return {
    received: Number(await readState(db, "snapshot_received")) || 0,
    total: Number(await readState(db, "snapshot_total")) || 0,
  };
}

export async function pullChanges(options: {
  db: LocalDb;
  server: Transport;
  now: () => Date;
  /** Forget the cursor first: a full snapshot (connecting). A stopped snapshot download resumes instead. */
  snapshot?: boolean;
  /** Asked between pages: true ends a snapshot download there, to resume later. */
  shouldStop?: () => boolean;
  onDownload?: (progress: DownloadProgress) => void;
  pageSize?: number;
}): Promise<PullOutcome> {
  const { db, server } = options;
  const resume = await readState(db, "snapshot_cursor");
  let since = resume ?? (options.snapshot ? null : await readState(db, "cursor"));
  let received = Number(await readState(db, "snapshot_received")) || 0;
  for (;;) {
    const answer: SyncPullAnswer = await server.call("sync.pull", {
      ...(since ? { since } : {}),
      limit: options.pageSize ?? PULL_PAGE,
    });
    const projects = answer.changes.filter((change) => change.entity === "project").length;
    // A snapshot's first page carries the profile: a new snapshot, whatever was downloaded before.
    const fresh = answer.reset === true && answer.changes.some((change) => change.entity === "profile");
    if (answer.reset) received = (fresh ? 0 : received) + projects;
    const total = Math.max(answer.total ?? 0, received);
    await db.transaction().execute(async (trx) => {
      if (fresh) await trx.deleteFrom("desktop_snapshot_seen").execute();
      await applyPage(trx, answer, options.now());
      if (answer.reset) await noteSeen(trx, answer.changes);
      if (answer.reset && answer.hasMore) {
        await writeState(trx, "snapshot_cursor", answer.cursor);
        await writeState(trx, "snapshot_received", String(received));
        await writeState(trx, "snapshot_total", String(total));
        return;
      }
      if (answer.reset) await finishSnapshot(trx);
      await writeState(trx, "cursor", answer.cursor);
    });
    if (answer.reset) options.onDownload?.({ received, total });
    if (!answer.hasMore) return "done";
    if (answer.reset && options.shouldStop?.()) return "stopped";
    since = answer.cursor;
  }
}

async function noteSeen(db: LocalDb, changes: readonly SyncChange[]): Promise<void> {
  const ids = changes.filter((change) => change.entity === "project").map((change) => ({ entity_id: change.entityId }));
  for (let i = 0; i < ids.length; i += 500)
    await db
      .insertInto("desktop_snapshot_seen")
      .values(ids.slice(i, i + 500))
      .onConflict((oc) => oc.column("entity_id").doNothing())
      .execute();
}

/** The whole snapshot is in: what it lacks was deleted on the server; the download's bookkeeping goes. */
async function finishSnapshot(db: LocalDb): Promise<void> {
  const seen = new Set(
    (await db.selectFrom("desktop_snapshot_seen").select("entity_id").execute()).map((row) => row.entity_id),
  );
  await dropMissing(db, seen, await waitingByEntity(db));
  await db.deleteFrom("desktop_snapshot_seen").execute();
  for (const key of ["snapshot_cursor", "snapshot_received", "snapshot_total"] as const)
    await writeState(db, key, null);
}

async function applyPage(db: LocalDb, answer: SyncPullAnswer, now: Date): Promise<void> {
  const waiting = await waitingByEntity(db);
  for (const change of answer.changes)
    await applyChange(db, change, waiting.get(entityKey(change.entity, change.entityId)), now);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function applyChange(db: LocalDb, change: SyncChange, keep: Set<string> | undefined, now: Date): Promise<void> {
  if (change.entity === "profile") {
    const row = syncedFields("profile", change.row);
    await recordServerState(db, "profile", change.entityId, { version: change.version, row });
    await writeLocalProfile(db, row, keep);
    return;
  }
  if (change.deleted) {
    await recordServerState(db, "project", change.entityId, { version: change.version, row: null });
    if (!keep) await deleteLocalProject(db, change.entityId);
    return;
  }
  const row = syncedFields("project", change.row);
  // createdAt too: a discarded local delete restores the row as the server has it.
  await recordServerState(db, "project", change.entityId, {
    version: change.version,
    row: { ...row, createdAt: change.row.createdAt },
  });
  const local = await localFields(db, "project", change.entityId);
  // Deleted here with the deletion still waiting: the push decides.
  if (!local && keep) return;
  // Unchanged (often the desktop's own change coming back): no write, so an open editor stays current.
  if (local && Object.keys(row).every((field) => keep?.has(field) || same(local[field], row[field]))) return;
  await writeLocalProject(
    db,
    change.entityId,
    { ...row, createdAt: change.row.createdAt, updatedAt: change.row.updatedAt },
    keep,
    now,
  );
}

async function dropMissing(db: LocalDb, present: Set<string>, waiting: Map<string, Set<string>>): Promise<void> {
  const local = await db.selectFrom("projects").select("id").execute();
  for (const { id } of local) {
    if (present.has(id) || waiting.has(entityKey("project", id))) continue;
    await deleteLocalProject(db, id);
  }
  const known = await db
    .selectFrom("desktop_sync_entities")
    .select(["entity_id", "server_version"])
    .where("entity", "=", "project")
    .where("server_row", "is not", null)
    .execute();
  for (const row of known) {
    if (present.has(row.entity_id)) continue;
    await recordServerState(db, "project", row.entity_id, { version: row.server_version, row: null });
  }
}
