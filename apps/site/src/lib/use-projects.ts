/**
 * The home page's project list. A site of a few dozen projects: the whole list, loaded once, sorted on the
 * page; on failure the built-in list with the spec's message. A larger site: the first screenful
 * and then a page at a time, each sort done by the server over the whole list (paged-projects.ts, a chunk
 * of its own).
 */
import type { Project, ProjectSort } from "@portfolio/core/domain";
import { useAuth } from "@portfolio/ui";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { inOrder, useInitialData } from "./initial-data.tsx";
import type { PagingContext } from "./paged-projects.ts";
import { keepShownOrder, sameProjects } from "./project-order.ts";
import { type PagedList, WHOLE_LIST_MAX } from "./project-pages.ts";
import type { ProjectsState, ProjectsStatus } from "./projects-state.ts";

/** Only a site too large to send whole needs the paging code: a chunk of its own, fetched then. */
const pagedModule = () => import("./paged-projects.ts");

export interface ProjectsControls {
  reload: () => void;
  /** Paged sites: the first page of another sort (Random again: a new seed). */
  sortBy: (sort: ProjectSort) => void;
  /** Paged sites: the next page, unless one is on its way or the list has ended. */
  loadMore: () => void;
}

function initialState(initial: ReturnType<typeof useInitialData>, whole: boolean): ProjectsState {
  const shown = inOrder(initial.projects, initial.order);
  if (!initial.paging || whole) return { projects: initial.projects, randomOrder: shown, status: "initial" };
  const { seed, next, total, latestId, lastSeen } = initial.paging;
  const paged: PagedList = {
    sort: "random",
    seed,
    next,
    total,
    latestId: latestId ?? undefined,
    lastSeen,
    loading: "none",
    failed: false,
  };
  return { projects: shown, randomOrder: shown, status: "initial", paged };
}

/**
 * `whole`: every project, whatever the site's size, never paged (the calendar counts the activity of all of
 * them); the home page leaves it off.
 */
export function useProjects({ whole = false }: { whole?: boolean } = {}): ProjectsState & ProjectsControls {
  const { api } = useAuth();
  const initial = useInitialData();
  const [state, setState] = useState<ProjectsState>(() => initialState(initial, whole));
  const [generation, setGeneration] = useState(0);
  const current = useRef(state);
  current.current = state;
  /** Bumped by each request that replaces the list, so an answer to an older one is dropped. */
  const request = useRef(0);
  const buildSeed = initial.paging?.seed;

  /** What the paged list's module (loaded only for a large site) works with. */
  const paging = useRef<PagingContext>({ api, setState, current: () => current.current, request });
  paging.current.api = api;

  useEffect(() => {
    let live = true;
    void generation;
    const asked = ++request.current;
    const isCurrent = () => live && asked === request.current;
    const paged = current.current.paged;
    const run = paged
      ? pagedModule().then((module) => module.refreshPage(paging.current, paged, isCurrent))
      : (whole ? api.call("projects.list", {}) : api.call("projects.list", { limit: WHOLE_LIST_MAX })).then(
          async (answer) => {
            if (!isCurrent()) return;
            if (answer.next === null || answer.next === undefined) {
              const list = Array.isArray(answer.projects) ? answer.projects : [];
              // A transition: re-rendering the grid is time-sliced instead of one long task.
              startTransition(() => setState((now) => replaceList(now, list, "loaded", answer.error)));
              return;
            }
            // Larger than the build saw: from now on a page at a time, in this visit's Random order.
            await (await pagedModule()).startPaging(paging.current, buildSeed, isCurrent);
          },
        );
    run.catch(async () => {
      // The built-in list is its own chunk; should that fail to load too, the list on screen stays.
      const fallback = await import("./default-initial-data.ts").then(
        (module) => [...module.DEFAULT_INITIAL_DATA.projects],
        () => undefined,
      );
      if (!isCurrent()) return;
      startTransition(() =>
        setState((now) => {
          const { paged: _dropped, ...whole } = now;
          return replaceList(whole, fallback ?? now.projects, "failed");
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [api, generation, buildSeed, whole]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const sortBy = useCallback((sort: ProjectSort) => {
    if (current.current.paged) void pagedModule().then((module) => module.sortBy(paging.current, sort));
  }, []);
  const loadMore = useCallback(() => {
    if (current.current.paged) void pagedModule().then((module) => module.loadMore(paging.current));
  }, []);

  return { ...state, reload, sortBy, loadMore };
}

/**
 * The new list keeps the order already on screen (no reshuffle under the visitor's eyes); an unchanged
 * list keeps the very same objects, so nothing re-renders.
 */
function replaceList(
  current: ProjectsState,
  list: Project[],
  status: ProjectsStatus,
  serverError?: string,
): ProjectsState {
  const next: ProjectsState = sameProjects(current.projects, list)
    ? { ...current, status }
    : { projects: list, randomOrder: keepShownOrder(list, current.randomOrder), status };
  if (serverError !== undefined) next.serverError = serverError;
  else delete next.serverError;
  return next;
}
