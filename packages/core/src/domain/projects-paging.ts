/**
 * The public project list's paging constants and the Random seed, without zod: the home page
 * imports these, and a schema library in its bundle would cost it more than the whole paging does.
 */
import type { ProjectSort } from "./projects.ts";

export const PROJECTS_PAGE_DEFAULT = 24;
export const PROJECTS_PAGE_MAX = 100;
export const PROJECT_SORTS = ["random", "az", "status"] as const satisfies readonly ProjectSort[];
/** Seeds of the Random sort: any integer from 1 to this (a prime's predecessor: see project-order.ts). */
export const PROJECTS_SEED_MAX = 2147483646;
export const BAD_PROJECTS_CURSOR = "cursor is not valid: pass the next of the previous page.";
export type ProjectsPageSort = ProjectSort | "list";

/** Whether a query asks for a page (any parameter) rather than the whole list. */
export function isProjectsPageQuery(query: object | undefined): boolean {
  return query !== undefined && Object.values(query as Record<string, unknown>).some((value) => value !== undefined);
}

/** A new seed for a visit's Random order. */
export function newProjectsSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * PROJECTS_SEED_MAX);
}
