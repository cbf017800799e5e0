/**
 * The built-in projects' rows: the row a new project is stored as, and the 14 built-in projects a first start
 * seeds (seed-once.ts). Its own module, so a start that seeds imports neither the projects' service nor its
 * schemas (docs/performance.md, "Start").
 */
import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import type { Db, ProjectsTable } from "../data/schema.ts";
import { builtInProjects } from "../domain/fallback-projects.ts";
import type { Project } from "../domain/projects.ts";
import { shuffleKeyOf } from "./project-order.ts";
import { claimSlug } from "./project-slugs.ts";
import { bumpRevision } from "./projects.table.ts";

export type ProjectFields = Pick<
  Project,
  | "title"
  | "description"
  | "github"
  | "externalLink"
  | "isArchived"
  | "isLatest"
  | "tags"
  | "slug"
  | "longDescription"
  | "pictures"
>;

/** A new row (version 1) from validated project fields; absent links are stored as NULL. */
export function newProjectRow(id: string, data: ProjectFields, at: string): Insertable<ProjectsTable> {
  return {
    id,
    title: data.title,
    description: data.description,
    github: data.github ?? null,
    external_link: data.externalLink ?? null,
    is_archived: data.isArchived ? 1 : 0,
    is_latest: data.isLatest ? 1 : 0,
    tags: JSON.stringify(data.tags),
    slug: data.slug,
    long_description: data.longDescription,
    pictures: JSON.stringify(data.pictures),
    created_at: at,
    updated_at: at,
    version: 1,
    shuffle_key: shuffleKeyOf(id),
  };
}

/**
 * A built-in project's id: the same on every database (a UUID made from its title), so a desktop that
 * started with 'Work locally' and edits a built-in project later syncs that edit to the server's copy of
 * the same project instead of an id the server never had.
 */
export function builtInProjectId(title: string): string {
  const hex = createHash("sha256").update(`portfolio built-in project: ${title}`).digest("hex");
  // UUID layout, version 8 (custom) and the RFC 9562 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16] as string, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Inserts the 14 built-in projects, each with its fixed id and dated by its own history relative to `now`. */
export async function seedProjects(db: Db, now: Date): Promise<void> {
  // Each built-in project keeps its own history (started and last updated days before now), so the
  // calendar shows realistic activity instead of fourteen projects started on the seeding day.
  for (const project of builtInProjects(now)) {
    const id = builtInProjectId(project.title);
    const slug = await claimSlug(db, id, undefined, project.title, project.createdAt);
    await db
      .insertInto("projects")
      .values({ ...newProjectRow(id, { ...project, slug }, project.createdAt), updated_at: project.updatedAt })
      .execute();
  }
  await bumpRevision(db);
}
