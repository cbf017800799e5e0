/**
 * What the Projects tab asks the server for: one page of at most PROJECTS_PAGE_SIZE projects at a
 * time, in the column order the table shows, sorted by the database over the whole list (Title: A-Z or
 * Z-A by the az index; Status: the latest, the others, the archived ones, or backwards), so the tab costs
 * the same at 20 projects as at 10,000. Pure, so the rules are tested without a browser.
 */
import type { ProjectsPageRequest } from "../../api/api-client.ts";
import { pageRangeLabel, type RowNoun } from "../paging/cursor-pages.ts";
import type { ProjectSortState } from "../project-table.ts";

/** Rows on one page: a screenful or two, rendered at once without windowing. */
export const PROJECTS_PAGE_SIZE = 50;

const PROJECT_NOUN: RowNoun = { one: "Project", many: "Projects" };

/** The query of one page: `cursor` is the `next` of the page before it (none for the first page). */
export function projectsPageQuery(sort: ProjectSortState, cursor: string | undefined): ProjectsPageRequest {
  return {
    limit: PROJECTS_PAGE_SIZE,
    sort: sort.key === "title" ? "az" : "status",
    ...(sort.direction === "desc" ? { direction: "desc" } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Which projects the page shows: 'Projects 51–100 of 10,000'. */
export function projectsRangeLabel(pageIndex: number, rows: number, total: number): string {
  return pageRangeLabel(PROJECT_NOUN, PROJECTS_PAGE_SIZE, pageIndex, rows, total);
}

/** The line under the heading: how many projects the site has. */
export function projectsSummary(total: number): string {
  return `${total.toLocaleString("en-US")} ${total === 1 ? "project" : "projects"} on the site.`;
}
