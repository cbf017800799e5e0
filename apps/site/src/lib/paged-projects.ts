/**
 * The home page's list on a site too large to send whole, loaded only there: a sort's first page,
 * the next page as the visitor scrolls, and the live refresh of what the page shows. An answer to a request
 * that another has replaced since (a sort chosen meanwhile) is dropped.
 */
import {
  newProjectsSeed,
  PROJECTS_PAGE_MAX,
  type Project,
  type ProjectSort,
  type ProjectsAnswer,
} from "@portfolio/core/domain";
import type { ApiClient } from "@portfolio/ui";
import { type Dispatch, type SetStateAction, startTransition } from "react";
import { keepShownOrder } from "./project-order.ts";
import { FIRST_PAGE, MORE_PAGE, type PagedList } from "./project-pages.ts";
import type { ProjectsState } from "./projects-state.ts";

export interface PagingContext {
  api: ApiClient;
  setState: Dispatch<SetStateAction<ProjectsState>>;
  current: () => ProjectsState;
  /** Bumped by each request that replaces the list. */
  request: { current: number };
}

/** The pages shown, again and live (after an edit, or on arrival): cards already shown keep their place. */
export async function refreshPage(ctx: PagingContext, paged: PagedList, isCurrent: () => boolean): Promise<void> {
  const shown = ctx.current().projects.length;
  const answer = await ctx.api.call("projects.list", {
    sort: paged.sort,
    seed: paged.seed,
    limit: Math.max(FIRST_PAGE, Math.min(shown, PROJECTS_PAGE_MAX)),
  });
  if (isCurrent()) startTransition(() => ctx.setState((now) => showPage(now, answer, paged.sort, paged.seed, true)));
}

/** A site found larger than the build saw: the first screenful of a Random order (the build's seed, if any). */
export async function startPaging(
  ctx: PagingContext,
  buildSeed: number | undefined,
  isCurrent: () => boolean,
): Promise<void> {
  const seed = buildSeed ?? newProjectsSeed();
  const page = await ctx.api.call("projects.list", { sort: "random", seed, limit: FIRST_PAGE });
  if (isCurrent()) startTransition(() => ctx.setState((now) => showPage(now, page, "random", seed, true)));
}

/** Another sort's first page (Random again: a new seed, a new order over the whole list). */
export function sortBy(ctx: PagingContext, sort: ProjectSort): void {
  const paged = ctx.current().paged;
  if (!paged) return;
  const seed = sort === "random" ? newProjectsSeed() : paged.seed;
  const asked = ++ctx.request.current;
  ctx.setState((now) =>
    now.paged ? { ...now, paged: { ...now.paged, sort, seed, loading: "sort", failed: false } } : now,
  );
  ctx.api.call("projects.list", { sort, seed, limit: FIRST_PAGE }).then(
    (answer) => {
      if (asked === ctx.request.current)
        startTransition(() => ctx.setState((now) => showPage(now, answer, sort, seed, false)));
    },
    () => {
      if (asked === ctx.request.current) ctx.setState((now) => withFailure(now, "sort"));
    },
  );
}

/** The next page, unless one is on its way or the list has ended. */
export function loadMore(ctx: PagingContext): void {
  const { paged } = ctx.current();
  if (!paged || paged.next === null || paged.loading !== "none") return;
  const asked = ctx.request.current;
  const { sort, seed, next } = paged;
  ctx.setState((now) => (now.paged ? { ...now, paged: { ...now.paged, loading: "more", failed: false } } : now));
  ctx.api.call("projects.list", { sort, seed, cursor: next, limit: MORE_PAGE }).then(
    (answer) => {
      if (asked !== ctx.request.current) return;
      startTransition(() =>
        ctx.setState((now) => {
          if (!now.paged) return now;
          const shown = appendPage(now.projects, answer.projects);
          return { ...now, projects: shown, randomOrder: shown, paged: pagedFrom(answer, sort, seed) };
        }),
      );
    },
    () => {
      if (asked === ctx.request.current) ctx.setState((now) => withFailure(now, "more"));
    },
  );
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

/** A sort's first page (or its refresh): `keepOrder` keeps the cards already shown where they are. */
function showPage(
  now: ProjectsState,
  answer: ProjectsAnswer,
  sort: ProjectSort,
  seed: number,
  keepOrder: boolean,
): ProjectsState {
  const list = Array.isArray(answer.projects) ? answer.projects : [];
  const shown = keepOrder ? keepShownOrder(list, now.projects) : list;
  const next: ProjectsState = {
    projects: shown,
    randomOrder: shown,
    status: "loaded",
    paged: pagedFrom(answer, sort, seed),
  };
  if (answer.error !== undefined) next.serverError = answer.error;
  return next;
}

function withFailure(now: ProjectsState, failed: "more" | "sort"): ProjectsState {
  return now.paged ? { ...now, paged: { ...now.paged, loading: "none", failed } } : now;
}
