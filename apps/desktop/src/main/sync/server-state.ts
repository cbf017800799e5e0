/**
 * What the desktop knows of the server: per entity, the version it last saw (the base of the next local
 * op, read by the outbox trigger) and that row's synced fields (to revert a discarded change); and the
 * sync bookkeeping (this install's client id, the pull cursor, the last sync time).
 */
import { randomUUID } from "node:crypto";
import type { SyncEntity } from "@portfolio/core/domain";
import type { LocalDb } from "./outbox.ts";

export interface ServerEntityState {
  version: number;
  /** The synced fields as the server had them, or null when deleted there. */
  row: Record<string, unknown> | null;
}

export async function serverState(
  db: LocalDb,
  entity: SyncEntity,
  entityId: string,
): Promise<ServerEntityState | undefined> {
  const found = await db
    .selectFrom("desktop_sync_entities")
    .select(["server_version", "server_row"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .executeTakeFirst();
  return (
    found && {
      version: found.server_version,
      row: found.server_row === null ? null : (JSON.parse(found.server_row) as Record<string, unknown>),
    }
  );
}

export async function recordServerState(
  db: LocalDb,
  entity: SyncEntity,
  entityId: string,
  state: ServerEntityState,
): Promise<void> {
  const values = {
    server_version: state.version,
    server_row: state.row === null ? null : JSON.stringify(state.row),
  };
  await db
    .insertInto("desktop_sync_entities")
    .values({ entity, entity_id: entityId, ...values })
    .onConflict((oc) => oc.columns(["entity", "entity_id"]).doUpdateSet(values))
    .execute();
}

// ---- key/value sync state ----

/**
 * `snapshot_cursor`, `snapshot_received`, `snapshot_total`: a snapshot download under way (or stopped), where
 * to go on from, and how far along it is. Cleared when its last page is in.
 */
type StateKey = "client_id" | "cursor" | "last_synced_at" | "snapshot_cursor" | "snapshot_received" | "snapshot_total";

export async function readState(db: LocalDb, key: StateKey): Promise<string | null> {
  const row = await db.selectFrom("desktop_sync_state").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeState(db: LocalDb, key: StateKey, value: string | null): Promise<void> {
  if (value === null) {
    await db.deleteFrom("desktop_sync_state").where("key", "=", key).execute();
    return;
  }
  await db
    .insertInto("desktop_sync_state")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** This install's id on the server (its own earlier ops never conflict with its later ones); made once. */
export async function clientId(db: LocalDb): Promise<string> {
  const existing = await readState(db, "client_id");
  if (existing) return existing;
  const id = `desktop-${randomUUID()}`;
  await writeState(db, "client_id", id);
  return id;
}
