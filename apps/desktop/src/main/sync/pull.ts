/**
 * Pulls the server's changes after the stored cursor, page by page while `hasMore`, and applies each
 * page with its cursor in one local transaction (a crash re-pulls the page, and applying it twice is
 * harmless). Each change records the server's version and row for the entity; the local row takes the
 * server's values except for fields that still have a local change waiting: the push decides those.
 * A `reset: true` answer is a full snapshot, perhaps in several pages: local projects missing from all its
 * pages were deleted on the server and go too, unless a local change to them is still waiting. The cursor
 * is kept only once the snapshot's last page is in, so an interrupted snapshot starts again whole.
 */
import type { SyncChange, SyncPullAnswer } from "@portfolio/core/domain";
import type { Transport } from "@portfolio/ui/api/transport.ts";
import { deleteLocalProject, localFields, syncedFields, writeLocalProfile, writeLocalProject } from "./local-rows.ts";
import { entityKey, type LocalDb, waitingByEntity } from "./outbox.ts";
import { readState, recordServerState, writeState } from "./server-state.ts";

const PAGE = 1000;

export async function pullChanges(options: {
  db: LocalDb;
  server: Transport;
  now: () => Date;
  /** Forget the cursor first: a full snapshot (connecting). */
  snapshot?: boolean;
}): Promise<void> {
  const { db, server } = options;
  let since = options.snapshot ? null : await readState(db, "cursor");
  /** The project ids of the snapshot being paged through (null outside a snapshot). */
  let snapshotIds: Set<string> | null = null;
  for (;;) {
    const answer: SyncPullAnswer = await server.call("sync.pull", {
      ...(since ? { since } : {}),
      limit: PAGE,
    });
    snapshotIds = answer.reset ? (snapshotIds ?? new Set()) : null;
    for (const change of answer.reset ? answer.changes : [])
      if (change.entity === "project") snapshotIds?.add(change.entityId);
    const snapshotDone = answer.reset && !answer.hasMore ? snapshotIds : null;
    await db.transaction().execute(async (trx) => {
      await applyPage(trx, answer, options.now(), snapshotDone);
      if (!answer.reset || !answer.hasMore) await writeState(trx, "cursor", answer.cursor);
    });
    if (!answer.hasMore) return;
    since = answer.cursor;
  }
}

async function applyPage(db: LocalDb, answer: SyncPullAnswer, now: Date, snapshot: Set<string> | null): Promise<void> {
  const waiting = await waitingByEntity(db);
  for (const change of answer.changes)
    await applyChange(db, change, waiting.get(entityKey(change.entity, change.entityId)), now);
  if (snapshot) await dropMissing(db, snapshot, waiting);
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
