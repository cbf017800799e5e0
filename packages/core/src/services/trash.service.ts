/**
 * The trash: a deleted project is kept, whole, until `purgeAt` (TRASH_RETENTION_DAYS). Restoring
 * puts it back with its id, fields and history, as a new version that desktops pull as an upsert; purging
 * (now, or by housekeeping once expired) removes it and its history for good. Users are never trashed.
 */
import type { Db, ProjectRow } from "../data/schema.ts";
import { Conflict, NotFound } from "../domain/errors.ts";
import type { TrashAnswer } from "../domain/history.ts";
import type { Project } from "../domain/projects.ts";
import { recordAudit } from "./audit.service.ts";
import { recordChange } from "./change-log.ts";
import { type Actor, actorName, type Core } from "./context.ts";
import { removeUnusedPictures } from "./picture-gc.ts";
import { assertCan } from "./policy.ts";
import { projectVersionRows } from "./project-history.service.ts";
import { shuffleKeyOf } from "./project-order.ts";
import { bumpRevision, toProject } from "./projects.table.ts";

export const TRASH_NOT_FOUND = "That project is not in the trash.";

/** Called by deleteProject inside its transaction, with the row it removed. */
export async function putInTrash(core: Core, trx: Db, actor: Actor, row: ProjectRow): Promise<void> {
  const now = core.now();
  await trx
    .insertInto("trash")
    .values({
      type: "project",
      id: row.id,
      title: row.title,
      data: JSON.stringify(row),
      deleted_at: now.toISOString(),
      deleted_by: actorName(actor),
      purge_at: new Date(now.getTime() + core.config.trashRetentionMs).toISOString(),
    })
    // Deleted, restored, deleted again: the newest deletion counts.
    .onConflict((oc) =>
      oc.columns(["type", "id"]).doUpdateSet((eb) => ({
        title: eb.ref("excluded.title"),
        data: eb.ref("excluded.data"),
        deleted_at: eb.ref("excluded.deleted_at"),
        deleted_by: eb.ref("excluded.deleted_by"),
        purge_at: eb.ref("excluded.purge_at"),
      })),
    )
    .execute();
}

/** What is in the trash and not yet expired, newest deletion first. */
export async function listTrash(core: Core, actor: Actor): Promise<TrashAnswer> {
  assertCan(actor, "trash.manage");
  const rows = await core.db
    .selectFrom("trash")
    .select(["type", "id", "title", "deleted_at", "deleted_by", "purge_at"])
    .where("purge_at", ">", core.now().toISOString())
    .orderBy("deleted_at", "desc")
    .limit(500)
    .execute();
  return {
    items: rows.map((r) => ({
      type: r.type,
      id: r.id,
      title: r.title,
      deletedAt: r.deleted_at,
      deletedBy: r.deleted_by,
      purgeAt: r.purge_at,
    })),
  };
}

async function findInTrash(core: Core, trx: Db, id: string) {
  const row = await trx
    .selectFrom("trash")
    .selectAll()
    .where("type", "=", "project")
    .where("id", "=", id)
    .where("purge_at", ">", core.now().toISOString())
    .executeTakeFirst();
  if (!row) throw new NotFound(TRASH_NOT_FOUND);
  return row;
}

/** Back with its id, fields and history, as the next version (a desktop that saw the delete pulls an upsert). */
export async function restoreFromTrash(core: Core, actor: Actor, id: string): Promise<Project> {
  assertCan(actor, "trash.manage");
  const trx = core.db;
  await bumpRevision(trx);
  const entry = await findInTrash(core, trx, id);
  const taken = await trx.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst();
  if (taken) throw new Conflict("A project with this id exists again; it cannot be restored over it.");
  const stored = JSON.parse(entry.data) as ProjectRow;
  const at = core.now().toISOString();
  // The delete took one version number (the change log's), so the restored project continues after it.
  const row: ProjectRow = {
    ...stored,
    is_latest: 0,
    updated_at: at,
    version: Number(stored.version) + 2,
    // A project trashed before the column existed has none in its stored row.
    shuffle_key: shuffleKeyOf(id),
  };
  await trx.insertInto("projects").values(row).execute();
  await trx.deleteFrom("trash").where("type", "=", "project").where("id", "=", id).execute();
  const project = toProject(row);
  await recordChange(trx, {
    entity: "project",
    entityId: id,
    fields: project,
    version: project.version,
    deleted: false,
  });
  await recordAudit(
    core,
    trx,
    actor,
    {
      action: "project.untrash",
      targetType: "project",
      targetId: id,
      details: { title: project.title, deletedAt: entry.deleted_at, deletedBy: entry.deleted_by },
    },
    projectVersionRows(actor, at, "untrash", project),
  );
  return project;
}

/** Gone for good: the trashed row and its history. */
export async function purgeFromTrash(core: Core, actor: Actor, id: string): Promise<void> {
  assertCan(actor, "trash.manage");
  const trx = core.db;
  const entry = await findInTrash(core, trx, id);
  await purgeEntry(trx, id);
  await recordAudit(core, trx, actor, {
    action: "trash.purge",
    targetType: "project",
    targetId: id,
    details: { title: entry.title, deletedAt: entry.deleted_at, deletedBy: entry.deleted_by },
  });
}

async function purgeEntry(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom("trash").where("type", "=", "project").where("id", "=", id).execute();
  // Unless the id lives again (a project re-created with it), its history goes with it.
  const alive = await trx.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst();
  if (!alive) {
    await trx.deleteFrom("project_versions").where("project_id", "=", id).execute();
    // Its addresses are free again for other projects, and its pictures go unless something else names them.
    await trx.deleteFrom("project_slugs").where("project_id", "=", id).execute();
    await removeUnusedPictures(trx);
  }
}

/** Housekeeping: purges what has expired, each one audited as the system's. Returns how many. */
export async function purgeExpiredTrash(core: Core): Promise<number> {
  const expired = await core.db
    .selectFrom("trash")
    .select(["id", "title", "deleted_at", "deleted_by"])
    .where("purge_at", "<=", core.now().toISOString())
    .limit(1000)
    .execute();
  for (const entry of expired) {
    await core.db.transaction().execute(async (trx) => {
      await purgeEntry(trx, entry.id);
      await recordAudit(
        core,
        trx,
        { kind: "system", reason: "housekeeping" },
        {
          action: "trash.purge",
          targetType: "project",
          targetId: entry.id,
          details: { title: entry.title, deletedAt: entry.deleted_at, deletedBy: entry.deleted_by, expired: true },
        },
      );
    });
  }
  return expired.length;
}
