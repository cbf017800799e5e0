/** The Projects tab's table rules: sorting by Title or Status, status chips, and at most 3 tags shown. */
import type { Project } from "@portfolio/core/domain";

export type ProjectSortKey = "title" | "status";
export type SortDirection = "asc" | "desc";

export interface ProjectSortState {
  key: ProjectSortKey;
  direction: SortDirection;
}

export const DEFAULT_PROJECT_SORT: ProjectSortState = { key: "title", direction: "asc" };

/** Spec section 9: the admin table shows at most 3 tags. */
export const MAX_TABLE_TAGS = 3;

export type StatusChip = "Latest" | "Archived" | "Active";

/** One chip per flag; a project with neither flag is Active. */
export function statusChips(project: Pick<Project, "isLatest" | "isArchived">): StatusChip[] {
  const chips: StatusChip[] = [];
  if (project.isLatest) chips.push("Latest");
  if (project.isArchived) chips.push("Archived");
  return chips.length > 0 ? chips : ["Active"];
}

/** Latest first, then active, then archived (as the home page's Status sort). */
function statusRank(project: Pick<Project, "isLatest" | "isArchived">): number {
  if (project.isLatest) return 0;
  return project.isArchived ? 2 : 1;
}

const byTitle = (a: Project, b: Project) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" });

export function sortProjectRows(projects: readonly Project[], sort: ProjectSortState): Project[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...projects].sort((a, b) => {
    if (sort.key === "title") return sign * byTitle(a, b) || a._id.localeCompare(b._id);
    return sign * (statusRank(a) - statusRank(b)) || byTitle(a, b) || a._id.localeCompare(b._id);
  });
}

/** Clicking a column header: a new column starts ascending, the same column flips direction. */
export function nextSort(current: ProjectSortState, key: ProjectSortKey): ProjectSortState {
  if (current.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}

export function ariaSort(current: ProjectSortState, key: ProjectSortKey): "ascending" | "descending" | "none" {
  if (current.key !== key) return "none";
  return current.direction === "asc" ? "ascending" : "descending";
}

/** The first 3 tags and how many more there are (shown as '+N'). */
export function visibleTags(tags: readonly string[], max = MAX_TABLE_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}
