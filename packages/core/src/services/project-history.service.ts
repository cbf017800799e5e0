/**
 * A project's history: every change keeps the project as it stood after it, in the same
 * transaction as the change, so any version can be compared and restored.
 */
import type { Insertable } from "kysely";
import type { Db, ProjectVersionsTable } from "../data/schema.ts";
import { NotFound } from "../domain/errors.ts";
import {
  historyQuerySchema,
  type ProjectFieldsView,
  type ProjectHistoryAnswer,
  projectFieldsOfVersion,
} from "../domain/history.ts";
import type { Project } from "../domain/projects.ts";
import type { RowsAlongside } from "./audit-chain.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { toProject } from "./projects.table.ts";
import { versionActor } from "./versions.table.ts";

export type ProjectVersionAction = "create" | "edit" | "restore" | "untrash" | "before-history";

export function projectFields(project: Project): ProjectFieldsView {
  return {
    title: project.title,
    description: project.description,
    github: project.github ?? null,
    externalLink: project.externalLink ?? null,
    tags: project.tags,
    isArchived: project.isArchived,
    isLatest: project.isLatest,
    slug: project.slug,
    longDescription: project.longDescription,
    pictures: project.pictures,
  };
}

/**
 * The version rows a change keeps: `after`, and when the version before it was never kept (a built-in
 * project, or one written before history existed), `before` too, so the state an edit replaced can be
 * restored. One statement for both, sent with the change's audit entry (`recordAudit`'s `alongside`), so an
 * edit pays no round trip of its own for its history (bench:history): a version already kept is left as it
 * is, so the before row lands only where none was, and a retried write keeps the first.
 */
export function projectVersionRows(
  actor: Actor,
  at: string,
  action: ProjectVersionAction,
  after: Project,
  before?: Project,
): RowsAlongside {
  const rows: Insertable<ProjectVersionsTable>[] = [];
  if (before) {
    rows.push({
      project_id: before._id,
      version: before.version,
      at: before.updatedAt,
      actor_id: null,
      actor_name: null,
      action: "before-history",
      fields: JSON.stringify(projectFields(before)),
    });
  }
  rows.push({
    project_id: after._id,
    version: after.version,
    at,
    ...versionActor(actor),
    action,
    fields: JSON.stringify(projectFields(after)),
  });
  return { table: "project_versions", key: ["project_id", "version"], rows };
}

export async function findProjectVersion(db: Db, projectId: string, version: number) {
  return db
    .selectFrom("project_versions")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("version", "=", version)
    .executeTakeFirst();
}

function toItem(row: ProjectVersionsTable) {
  return {
    version: Number(row.version),
    at: row.at,
    actor: row.actor_name === null ? null : { id: row.actor_id, username: row.actor_name },
    action: row.action,
    fields: projectFieldsOfVersion(JSON.parse(row.fields) as ProjectFieldsView),
  };
}

/** `GET /api/projects/{id}/history`: newest first, paged back by version; a project in the trash has none here. */
export async function projectHistory(
  core: Core,
  actor: Actor,
  id: string,
  query: unknown,
): Promise<ProjectHistoryAnswer> {
  assertCan(actor, "projects.view");
  const { before, limit } = parseInput(historyQuerySchema, query);
  const current = await core.db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  if (!current) throw new NotFound("Project not found.");
  let select = core.db.selectFrom("project_versions").selectAll().where("project_id", "=", id);
  if (before !== undefined) select = select.where("version", "<", before);
  const rows = await select
    .orderBy("version", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  if (page.length === 0 && before === undefined) {
    // A built-in project (or one from before history was kept), never changed since: its one known version.
    const project = toProject(current);
    return {
      items: [
        {
          version: project.version,
          at: project.updatedAt,
          actor: null,
          action: "before-history",
          fields: projectFields(project),
        },
      ],
      next: null,
    };
  }
  return { items: page.map(toItem), next: rows.length > limit ? Number(page.at(-1)?.version) : null };
}
