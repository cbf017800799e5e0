/**
 * The home page's list on a site too large to send whole: the first screenful comes with the page
 * (prerendered, then refreshed), the rest a page at a time as the visitor scrolls, each sort done by the
 * server over the whole list. A site of at most `WHOLE_LIST_MAX` projects gets them all at once and sorts
 * them itself, as the spec describes.
 */
import type { ProjectSort } from "@portfolio/core/domain";

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
