/**
 * The projects table's own helpers, shared by the projects, project history and trash services so that
 * none of them imports the projects service for them: a row as the API answers it, and the revision counter
 * every project write bumps.
 */
import { sql } from "kysely";
import type { Db, ProjectRow } from "../data/schema.ts";
import type { ProjectPicture } from "../domain/pictures.ts";
import type { Project } from "../domain/projects.ts";
import { getSetting } from "./settings.service.ts";

export const REVISION_KEY = "projects_revision";

/** A project row as the API answers it. */
export function toProject(row: ProjectRow): Project {
  const project: Project = {
    _id: row.id,
    title: row.title,
    description: row.description,
    isArchived: row.is_archived === 1,
    isLatest: row.is_latest === 1,
    tags: JSON.parse(row.tags) as string[],
    slug: row.slug,
    longDescription: row.long_description,
    pictures: JSON.parse(row.pictures) as ProjectPicture[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
  if (row.github) project.github = row.github;
  if (row.external_link) project.externalLink = row.external_link;
  return project;
}

/** A counter bumped by every project write, so a cached list can tell it is stale (across instances too). */
export async function projectsRevision(db: Db): Promise<number> {
  return (await getSetting<number>(db, REVISION_KEY)) ?? 0;
}

/**
 * Every project write takes this first: one atomic statement inside the write's transaction: two writers at once (two instances on PostgreSQL)
 * each add one and the row lock orders them, so no bump is lost and a cache never keeps a stale list. Taken
 * before any project row, the lock also orders whole project writes, so the one-latest rule below sees every
 * committed latest (two editors marking two projects latest at once end with one) and no two writes wait
 * on each other's rows (no deadlock).
 */
export async function bumpRevision(db: Db, changes = 1): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key: REVISION_KEY, value: String(changes) })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value: sql<string>`cast(cast(settings.value as integer) + ${changes} as text)` }),
    )
    .execute();
}

/** Public: anyone may list projects (oldest first; the site sorts for display). */
export async function listProjects(db: Db): Promise<Project[]> {
  const rows = await db.selectFrom("projects").selectAll().orderBy("created_at").orderBy("title").execute();
  return rows.map(toProject);
}
