/**
 * The desktop's own tables, beside the core ones in the same local SQLite file (the server never has
 * them): the outbox, what the desktop last knew of each entity on the server, and a little sync state.
 * They run through their own Kysely migrator (own bookkeeping tables), forward-only like the core's.
 *
 * The outbox is filled by a trigger on the core's change log: every core service already appends one
 * `sync_changes` row inside the transaction of each project or profile change (recordChange), so the
 * trigger turns that row into an outbox op in the SAME transaction, whichever service or future code
 * path made the change, with no hook in core. Pulled server rows are written to the tables directly,
 * never through the services, so they never enter the change log nor the outbox. The local change log
 * row is deleted once copied: the desktop never reads it, and it would only grow.
 */

import type { Database } from "@portfolio/core/data";
import { type Generated, type Kysely, type Migration, Migrator, sql } from "kysely";

export interface OutboxTable {
  /** Push order. */
  seq: Generated<number>;
  op_id: string;
  entity: string;
  entity_id: string;
  kind: string;
  /** JSON: the changed fields and their new values ({} for a delete). */
  fields: string;
  base_version: number;
  at: string;
  /** 'pending' (to push) or 'attention' (a conflict or rejection waiting for the owner). */
  state: string;
  /** JSON: the server's conflict or rejected result, for 'attention'. */
  result: string | null;
}

export interface SyncEntitiesTable {
  entity: string;
  entity_id: string;
  /** The server's version of the entity the desktop last saw: the base of the next op on it. */
  server_version: number;
  /** JSON: the synced fields of the server's row as last seen, or null when deleted there. */
  server_row: string | null;
}

export interface SyncStateTable {
  key: string;
  value: string;
}

/** The projects of the snapshot being downloaded so far, so a resumed download still knows them. */
export interface SnapshotSeenTable {
  entity_id: string;
}

/**
 * A picture added offline and not yet on the server: its original bytes are in the core's `media` table
 * (keyed by their SHA-256, chunked), and the project's list names it by that hash until the sync uploads
 * it and puts the server's picture in its place (sync/upload-pictures.ts).
 */
export interface PictureUploadsTable {
  hash: string;
  project_id: string;
  added_at: string;
  /** Why the last upload failed ("" while none did): it stays and is tried again at the next sync. */
  last_error: Generated<string>;
  /** 1 when the server refused it for good (it would answer the same again): it is not sent again. */
  refused: Generated<number>;
}

/**
 * What the editor last showed of a picture whose bytes are not in `media` (the server's small variant, or the
 * bytes added here before their upload), so it still shows offline (pictures/picture-views.ts).
 */
export interface PictureViewsTable {
  hash: string;
  content_type: string;
  bytes: Buffer;
  kept_at: string;
}

export type DesktopTables = {
  desktop_picture_uploads: PictureUploadsTable;
  desktop_picture_views: PictureViewsTable;
  desktop_outbox: OutboxTable;
  desktop_sync_entities: SyncEntitiesTable;
  desktop_sync_state: SyncStateTable;
  desktop_snapshot_seen: SnapshotSeenTable;
};

export type LocalDatabase = Database & DesktopTables;

/** A v4 UUID from SQLite's randomness: op ids are made inside the trigger, in the change's transaction. */
const SQL_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
  substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

const outbox: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("desktop_outbox")
      .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("op_id", "text", (c) => c.notNull().unique())
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("fields", "text", (c) => c.notNull())
      .addColumn("base_version", "integer", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
      .addColumn("result", "text")
      .execute();
    await db.schema
      .createIndex("desktop_outbox_entity")
      .on("desktop_outbox")
      .columns(["entity", "entity_id"])
      .execute();
    await db.schema
      .createTable("desktop_sync_entities")
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "text", (c) => c.notNull())
      .addColumn("server_version", "integer", (c) => c.notNull())
      .addColumn("server_row", "text")
      .addPrimaryKeyConstraint("desktop_sync_entities_pk", ["entity", "entity_id"])
      .execute();
    await db.schema
      .createTable("desktop_sync_state")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
    // A change that changes no synced field (a save of the same values) is no op to push.
    await sql
      .raw(`CREATE TRIGGER desktop_outbox_capture AFTER INSERT ON sync_changes
        BEGIN
          INSERT INTO desktop_outbox (op_id, entity, entity_id, kind, fields, base_version, at, state)
          SELECT ${SQL_UUID}, NEW.entity, NEW.entity_id,
            CASE WHEN NEW.deleted = 1 THEN 'delete' ELSE 'upsert' END, NEW.fields,
            COALESCE((SELECT server_version FROM desktop_sync_entities
              WHERE entity = NEW.entity AND entity_id = NEW.entity_id), 0),
            NEW.at, 'pending'
          WHERE NEW.deleted = 1 OR NEW.fields <> '{}';
          DELETE FROM sync_changes WHERE seq = NEW.seq;
        END`)
      .execute(db);
  },
};

/**
 * A first download in pages that can stop and resume: the projects received so far. Only once the
 * last page is in are local projects the snapshot lacks deleted; until then the list only grows.
 */
const snapshotSeen: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("desktop_snapshot_seen")
      .addColumn("entity_id", "text", (c) => c.primaryKey())
      .execute();
  },
};

/** Pictures added offline, waiting to be uploaded: one row per picture and project. */
const pictureUploads: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("desktop_picture_uploads")
      .addColumn("hash", "text", (c) => c.notNull())
      .addColumn("project_id", "text", (c) => c.notNull())
      .addColumn("added_at", "text", (c) => c.notNull())
      .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
      .addPrimaryKeyConstraint("desktop_picture_uploads_pk", ["hash", "project_id"])
      .execute();
  },
};

/** A refusal the server would repeat is kept, so the picture is not sent again at every sync. */
const pictureRefusals: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("desktop_picture_uploads")
      .addColumn("refused", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/** The editor's last view of each picture whose bytes are not on this computer. */
const pictureViews: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("desktop_picture_views")
      .addColumn("hash", "text", (c) => c.primaryKey())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("bytes", "blob", (c) => c.notNull())
      .addColumn("kept_at", "text", (c) => c.notNull())
      .execute();
  },
};

export const DESKTOP_MIGRATIONS: Record<string, Migration> = {
  "2026-11-23-001-desktop-outbox": outbox,
  "2026-11-26-130-desktop-snapshot-seen": snapshotSeen,
  "2026-11-28-100-desktop-picture-uploads": pictureUploads,
  "2026-11-29-400-desktop-picture-refusals": pictureRefusals,
  "2026-11-29-401-desktop-picture-views": pictureViews,
};

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on the untyped handle.
export async function migrateDesktopTables(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => DESKTOP_MIGRATIONS },
    migrationTableName: "desktop_migration",
    migrationLockTableName: "desktop_migration_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Desktop migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
