/**
 * The home page's list on a site too large to send whole (issue 24): the first screenful comes with the page
 * (prerendered, then refreshed), the rest a page at a time as the visitor scrolls, each sort done by the
 * server over the whole list. A site of at most `WHOLE_LIST_MAX` projects gets them all at once and sorts
 * them itself, as the spec describes.
 */
import type { Project, ProjectSort, ProjectsAnswer } from "@portfolio/core/domain";

/** A site with at most this many projects gets the whole list in one answer (the live check asks this many). */
export const WHOLE_LIST_MAX = 24;
/** The first screenful of a larger site: prerendered, and its first live page. */
export const FIRST_PAGE = 12;
/** Each further page, loaded as the visitor scrolls (or presses 'Load more projects'). */
export const MORE_PAGE = 24;

export interface PagedList {
  sort: ProjectSort;
  /** The Random order's seed: one per visit, a new one each time Random is chosen again. */
  seed: number;
  next: string | null;
  total: number;
  latestId: string | undefined;
  lastSeen: { _id: string; title: string } | null;
  /** What is on its way: nothing, the next page, or the first page of another sort. */
  loading: "none" | "more" | "sort";
  /** Which request failed last, if one did: the next page, or another sort's first (the visitor may retry). */
  failed: false | "more" | "sort";
}

/** A page answer's paging fields as the list's state (a sort's first page). */
export function pagedFrom(answer: ProjectsAnswer, sort: ProjectSort, seed: number): PagedList {
  return {
    sort,
    seed,
    next: answer.next ?? null,
    total: answer.total ?? answer.projects.length,
    latestId: answer.latestId ?? undefined,
    lastSeen: answer.lastSeen ?? null,
    loading: "none",
    failed: false,
  };
}

/**
 * The next page after those shown. A project already shown is not shown twice (an edit between two pages can
 * move one past the cursor), so the grid's keys stay unique.
 */
export function appendPage(shown: readonly Project[], page: readonly Project[]): Project[] {
  const ids = new Set(shown.map((p) => p._id));
  return [...shown, ...page.filter((p) => !ids.has(p._id))];
}
