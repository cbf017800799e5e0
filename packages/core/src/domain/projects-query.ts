/**
 * The public project list in pages (issue 24): `GET /api/projects` with any of these answers one page in
 * the chosen sort, done by the database over the whole list, and `next` to continue. Browser-safe.
 * Without any of them the answer is every project (the spec's answer), as the site of a few dozen needs.
 */
import { z } from "zod";
import type { ProjectSort } from "./projects.ts";

export const PROJECTS_PAGE_DEFAULT = 24;
export const PROJECTS_PAGE_MAX = 100;
export const PROJECT_SORTS = ["random", "az", "status"] as const satisfies readonly ProjectSort[];
/** Seeds of the Random sort: any integer from 1 to this (a prime's predecessor: see project-order.ts). */
export const PROJECTS_SEED_MAX = 2147483646;

const limitMessage = `limit must be 1 to ${PROJECTS_PAGE_MAX}.`;
const seedMessage = `seed must be an integer from 1 to ${PROJECTS_SEED_MAX}.`;
export const BAD_PROJECTS_CURSOR = "cursor is not valid: pass the next of the previous page.";

export const projectsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(PROJECTS_PAGE_MAX, limitMessage)
    .optional(),
  /** The `next` of the previous page (it carries the sort and seed it was made for). */
  cursor: z
    .string()
    .max(600, "cursor is too long.")
    .regex(/^[A-Za-z0-9_-]+$/, BAD_PROJECTS_CURSOR)
    .optional(),
  /** random (the visit's order, from `seed`), az, or status; absent: the list's own order (oldest first). */
  sort: z.enum(PROJECT_SORTS, { error: `sort must be one of ${PROJECT_SORTS.join(", ")}.` }).optional(),
  /** The Random order's seed: the same seed gives the same order on every page. */
  seed: z.coerce
    .number({ error: seedMessage })
    .int(seedMessage)
    .min(1, seedMessage)
    .max(PROJECTS_SEED_MAX, seedMessage)
    .optional(),
});

export type ProjectsQuery = z.output<typeof projectsQuerySchema>;
export type ProjectsPageSort = ProjectSort | "list";

/** Whether a query asks for a page (any parameter) rather than the whole list. */
export function isProjectsPageQuery(query: Partial<ProjectsQuery> | undefined): boolean {
  return query !== undefined && Object.values(query as Record<string, unknown>).some((value) => value !== undefined);
}

/** A new seed for a visit's Random order. */
export function newProjectsSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * PROJECTS_SEED_MAX);
}
