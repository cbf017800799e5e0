/** Projects: public listing and the editor's create, update and delete (spec sections 2, 6 and 7). */

import { toCount } from "../data/dialect.ts";
import type { Db, ProjectRow } from "../data/schema.ts";
import { Conflict, NotFound } from "../domain/errors.ts";
import type { ProjectPicture } from "../domain/pictures.ts";
import type { Project } from "../domain/projects.ts";
import { type ProjectPatch, projectCreateSchema, projectUpdateSchema } from "../domain/validation.ts";
import { changedFields, recordAudit, recordAudits } from "./audit.service.ts";
import { changedSyncFields, recordChange, recordChanges } from "./change-log.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { storedPictureLists, storedPictures } from "./picture-refs.ts";
import { assertCan } from "./policy.ts";
import { projectVersionRows } from "./project-history.service.ts";
import { claimSlug, claimSlugs } from "./project-slugs.ts";
import { bumpRevision, listProjects, toProject } from "./projects.table.ts";
import { newProjectRow, type ProjectFields } from "./projects-seed.ts";
import { newId } from "./secrets.ts";
import { putInTrash } from "./trash.service.ts";

export { builtInProjectId, seedProjects } from "./projects-seed.ts";
export { listProjects };

/**
 * Projects by status (`projectStatus`) from counts through indexes, not by reading every project: the latest
 * is the first flagged one in list order (as the site shows it), archived the others archived, active the rest.
 */
export async function projectCounts(
  db: Db,
): Promise<{ total: number; latest: number; active: number; archived: number }> {
  const latest = await db
    .selectFrom("projects")
    .select(["id", "is_archived"])
    .where("is_latest", "=", 1)
    .orderBy("created_at")
    .orderBy("title")
    .executeTakeFirst();
  const count = async (archivedOnly: boolean) => {
    let query = db.selectFrom("projects").select((eb) => eb.fn.countAll().as("n"));
    if (archivedOnly) query = query.where("is_archived", "=", 1);
    return toCount((await query.executeTakeFirst())?.n);
  };
  const total = await count(false);
  const archived = (await count(true)) - (latest?.is_archived === 1 ? 1 : 0);
  const latestCount = latest ? 1 : 0;
  return { total, latest: latestCount, active: total - latestCount - archived, archived };
}

async function findProject(db: Db, id: string): Promise<ProjectRow> {
  const row = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("Project not found.");
  return row;
}

/**
 * `sync` is for the desktop's push only (never the public body): ids are made by the client, and a project
 * restored after a deletion continues its version numbers.
 */
export async function createProject(
  core: Core,
  actor: Actor,
  input: unknown,
  sync?: { id: string; version: number },
): Promise<Project> {
  assertCan(actor, "projects.create");
  const data = parseInput(projectCreateSchema, input);
  const now = core.now().toISOString();
  const id = sync?.id ?? newId();
  const trx = core.db;
  await bumpRevision(trx);
  const slug = await claimSlug(trx, id, data.slug, data.title, now, false);
  const pictures = await storedPictures(trx, data.pictures);
  const row = await trx
    .insertInto("projects")
    .values({ ...newProjectRow(id, { ...data, slug, pictures }, now), version: sync?.version ?? 1 })
    .returningAll()
    .executeTakeFirstOrThrow();
  const project = toProject(row);
  await recordChange(trx, {
    entity: "project",
    entityId: id,
    fields: project,
    version: project.version,
    deleted: false,
    at: core.now(),
  });
  await recordAudit(
    core,
    trx,
    actor,
    { action: "project.create", targetType: "project", targetId: id, details: { after: project } },
    projectVersionRows(actor, now, "create", project),
  );
  if (project.isLatest) await clearOtherLatest(core, trx, actor, id);
  return project;
}

/** Rows per statement of `createProjects`: far below both dialects' limits on bound parameters. */
const PROJECTS_PER_STATEMENT = 200;

/**
 * `createProject` for many new projects of a sync push (their ids and versions the client's), in the order
 * given and in the caller's transaction, with the same rows: each project, its slug, its change-log row, its
 * version row and its chained audit entry. A statement writes a few hundred of each, so a push of hundreds
 * of creates costs a few dozen statements, not a dozen per project (on PostgreSQL each is a round trip).
 * A project marked latest clears the others (their own edits): create it with `createProject`.
 */
export async function createProjects(
  core: Core,
  actor: Actor,
  items: readonly { input: unknown; id: string; version: number }[],
): Promise<Project[]> {
  assertCan(actor, "projects.create");
  if (items.length === 0) return [];
  const data = items.map((item) => parseInput(projectCreateSchema, item.input));
  if (data.some((fields) => fields.isLatest)) throw new Error("A project marked latest is created on its own.");
  const now = core.now().toISOString();
  const trx = core.db;
  await bumpRevision(trx, items.length);
  const claims = items.map((item, i) => ({ projectId: item.id, wanted: data[i]?.slug, title: data[i]?.title ?? "" }));
  const slugs = await claimSlugs(trx, claims, now);
  const pictures = await storedPictureLists(
    trx,
    data.map((fields) => fields.pictures),
  );
  const rows = items.map((item, i) => ({
    ...newProjectRow(
      item.id,
      { ...(data[i] as ProjectFields), slug: slugs[i] as string, pictures: pictures[i] ?? [] },
      now,
    ),
    version: item.version,
  }));
  const written = new Map<string, ProjectRow>();
  for (let i = 0; i < rows.length; i += PROJECTS_PER_STATEMENT) {
    const inserted = await trx
      .insertInto("projects")
      .values(rows.slice(i, i + PROJECTS_PER_STATEMENT))
      .returningAll()
      .execute();
    for (const row of inserted) written.set(row.id, row);
  }
  const projects = items.map((item) => toProject(written.get(item.id) as ProjectRow));
  await recordChanges(
    trx,
    projects.map((project) => ({
      entity: "project" as const,
      entityId: project._id,
      fields: project,
      version: project.version,
      deleted: false,
      at: core.now(),
    })),
  );
  await recordAudits(
    core,
    trx,
    actor,
    projects.map((project) => ({
      action: "project.create" as const,
      targetType: "project",
      targetId: project._id,
      details: { after: project },
    })),
    {
      table: "project_versions",
      key: ["project_id", "version"],
      rows: projects.flatMap((project) => projectVersionRows(actor, now, "create", project).rows),
    },
  );
  return projects;
}

export const STALE_PROJECT_MESSAGE = "This project was changed elsewhere.";

/** A 409 carrying the project as it is now, so the editor can show it and let the user reapply. */
function staleProject(current: ProjectRow): Conflict {
  return new Conflict(STALE_PROJECT_MESSAGE, { current: toProject(current) });
}

/**
 * Fields absent from the body stay as they are; an empty github or externalLink clears it. With `version`,
 * the edit applies only to that version (optimistic concurrency): a stale one is a 409 with the current
 * project. Without it, the last write wins, as before.
 */
export async function updateProject(
  core: Core,
  actor: Actor,
  id: string,
  input: unknown,
  restoredFrom?: number,
): Promise<Project> {
  assertCan(actor, "projects.edit");
  const patch: ProjectPatch = parseInput(projectUpdateSchema, input);
  const body = input as Record<string, unknown>;
  const trx = core.db;
  await bumpRevision(trx);
  let row = await findProject(trx, id);
  if (patch.version !== undefined && patch.version !== row.version) throw staleProject(row);
  const at = core.now().toISOString();
  // A new slug is claimed (the old one stays the project's, redirecting); pictures must have been uploaded.
  const slug = patch.slug === undefined ? undefined : await claimSlug(trx, id, patch.slug, row.title, at);
  const pictures =
    patch.pictures === undefined
      ? undefined
      : JSON.stringify(await storedPictures(trx, patch.pictures, JSON.parse(row.pictures) as ProjectPicture[]));
  // The version in the WHERE makes the check and the write one atomic step, also on PostgreSQL where
  // two transactions may both have read the old row.
  // The row as written comes back with the write (RETURNING): no second read of it (bench:history).
  const apply = (current: ProjectRow) =>
    trx
      .updateTable("projects")
      .set({
        title: patch.title ?? current.title,
        description: patch.description ?? current.description,
        github: "github" in body ? (patch.github ?? null) : current.github,
        external_link: "externalLink" in body ? (patch.externalLink ?? null) : current.external_link,
        is_archived: patch.isArchived === undefined ? current.is_archived : Number(patch.isArchived),
        is_latest: patch.isLatest === undefined ? current.is_latest : Number(patch.isLatest),
        tags: patch.tags ? JSON.stringify(patch.tags) : current.tags,
        slug: slug ?? current.slug,
        long_description: patch.longDescription ?? current.long_description,
        pictures: pictures ?? current.pictures,
        updated_at: at,
        version: current.version + 1,
      })
      .where("id", "=", id)
      .where("version", "=", current.version)
      .returningAll()
      .executeTakeFirst();
  // Without a version the last write wins: when another edit (another instance's, on PostgreSQL) committed
  // since the row was read, read it again and apply the patch to it.
  let written = await apply(row);
  while (!written) {
    row = await findProject(trx, id);
    if (patch.version !== undefined) throw staleProject(row);
    written = await apply(row);
  }
  const before = toProject(row);
  const after = toProject(written);
  await recordChange(trx, {
    entity: "project",
    entityId: id,
    fields: changedSyncFields("project", before, after),
    version: after.version,
    deleted: false,
    at: core.now(),
  });
  // updatedAt and version change on every edit: the audit keeps only the fields the editor changed.
  const { updatedAt: _b, version: _bv, ...beforeFields } = before;
  const { updatedAt: _a, version: _av, ...afterFields } = after;
  await recordAudit(
    core,
    trx,
    actor,
    {
      action: restoredFrom === undefined ? "project.edit" : "project.restore",
      targetType: "project",
      targetId: id,
      details: {
        title: after.title,
        ...(restoredFrom === undefined ? {} : { restoredVersion: restoredFrom }),
        ...changedFields(beforeFields, afterFields),
      },
    },
    projectVersionRows(actor, at, restoredFrom === undefined ? "edit" : "restore", after, before),
  );
  if (after.isLatest) await clearOtherLatest(core, trx, actor, id);
  return after;
}

/**
 * At most one project is latest (the spec counts only the first; the editor's toggle means 'this one now'):
 * marking one latest clears every other, in the same transaction, each cleared project logged as an edit of
 * its own (change log for the desktop's pull, audit trail for the panel).
 */
async function clearOtherLatest(core: Core, trx: Db, actor: Actor, keepId: string): Promise<void> {
  const others = await trx
    .selectFrom("projects")
    .selectAll()
    .where("is_latest", "=", 1)
    .where("id", "!=", keepId)
    .execute();
  for (const row of others) {
    const version = row.version + 1;
    const at = core.now().toISOString();
    await trx.updateTable("projects").set({ is_latest: 0, updated_at: at, version }).where("id", "=", row.id).execute();
    const before = toProject(row);
    await recordChange(trx, {
      entity: "project",
      entityId: row.id,
      fields: { isLatest: false },
      version,
      deleted: false,
      at: core.now(),
    });
    await recordAudit(
      core,
      trx,
      actor,
      {
        action: "project.edit",
        targetType: "project",
        targetId: row.id,
        details: { title: row.title, before: { isLatest: true }, after: { isLatest: false } },
      },
      projectVersionRows(actor, at, "edit", { ...before, isLatest: false, updatedAt: at, version }, before),
    );
  }
}

/**
 * The project leaves every list and read at once (desktops pull it as a delete), but goes to the trash for
 * TRASH_RETENTION_DAYS with its whole row; its history stays, keyed by its id, for a restore.
 */
export async function deleteProject(core: Core, actor: Actor, id: string): Promise<void> {
  assertCan(actor, "projects.delete");
  const trx = core.db;
  await bumpRevision(trx);
  const row = await findProject(trx, id);
  const before = toProject(row);
  await trx.deleteFrom("projects").where("id", "=", id).execute();
  await putInTrash(core, trx, actor, row);
  await recordChange(trx, {
    entity: "project",
    entityId: id,
    fields: {},
    version: before.version + 1,
    deleted: true,
    at: core.now(),
  });
  await recordAudit(core, trx, actor, {
    action: "project.delete",
    targetType: "project",
    targetId: id,
    details: { before },
  });
}
