/**
 * The home page's project list. A site of a few dozen projects: the whole list, loaded once, sorted on the
 * page; on failure the built-in list with the spec's message. A larger site (issue 24): the first screenful
 * and then a page at a time, each sort done by the server over the whole list (project-pages.ts).
 */
import { newProjectsSeed, type Project, type ProjectSort, type ProjectsAnswer } from "@portfolio/core/domain";
import { useAuth } from "@portfolio/ui";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { inOrder, useInitialData } from "./initial-data.tsx";
import { keepShownOrder, sameProjects } from "./project-order.ts";
import { appendPage, FIRST_PAGE, MORE_PAGE, type PagedList, pagedFrom, WHOLE_LIST_MAX } from "./project-pages.ts";

export type ProjectsStatus = "initial" | "loaded" | "failed";

export interface ProjectsState {
  /** In the server's order: 'first project' and 'first latest' are read from this order. */
  projects: Project[];
  /** The same projects in the random order the page first showed (the build's), kept when live data arrives. */
  randomOrder: Project[];
  status: ProjectsStatus;
  /** An error the server reported alongside the list (shown to editors). */
  serverError?: string;
  /** Set on a site too large to send whole: `projects` are then the pages shown so far, in the sort's order. */
  paged?: PagedList;
}

export interface ProjectsControls {
  reload: () => void;
  /** Paged sites: the first page of another sort (Random again: a new seed). */
  sortBy: (sort: ProjectSort) => void;
  /** Paged sites: the next page, unless one is on its way or the list has ended. */
  loadMore: () => void;
}

function initialState(initial: ReturnType<typeof useInitialData>): ProjectsState {
  const shown = inOrder(initial.projects, initial.order);
  if (!initial.paging) return { projects: initial.projects, randomOrder: shown, status: "initial" };
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

export function useProjects(): ProjectsState & ProjectsControls {
  const { api } = useAuth();
  const initial = useInitialData();
  const [state, setState] = useState<ProjectsState>(() => initialState(initial));
  const [generation, setGeneration] = useState(0);
  const current = useRef(state);
  current.current = state;
  /** Bumped by each request that replaces the list, so an answer to an older one is dropped. */
  const request = useRef(0);
  const buildSeed = initial.paging?.seed;

  useEffect(() => {
    let live = true;
    void generation;
    const asked = ++request.current;
    const paged = current.current.paged;
    const first: Promise<ProjectsAnswer> = paged
      ? api.getProjectsPage({
          sort: paged.sort,
          seed: paged.seed,
          limit: Math.max(FIRST_PAGE, Math.min(current.current.projects.length, 100)),
        })
      : api.getProjectsPage({ limit: WHOLE_LIST_MAX });
    first
      .then(async (answer) => {
        if (!live || asked !== request.current) return;
        if (paged) {
          // The first screenful again, live: it keeps the order the visitor already sees.
          startTransition(() => setState((now) => showPage(now, answer, paged.sort, paged.seed, true)));
          return;
        }
        if (answer.next === null || answer.next === undefined) {
          const list = Array.isArray(answer.projects) ? answer.projects : [];
          // A transition: re-rendering the grid is time-sliced instead of one long task.
          startTransition(() => setState((now) => replaceList(now, list, "loaded", answer.error)));
          return;
        }
        // Larger than the build saw: from now on a page at a time, in this visit's Random order.
        const seed = buildSeed ?? newProjectsSeed();
        const page = await api.getProjectsPage({ sort: "random", seed, limit: FIRST_PAGE });
        if (!live || asked !== request.current) return;
        startTransition(() => setState((now) => showPage(now, page, "random", seed, true)));
      })
      .catch(async () => {
        // The built-in list is its own chunk; should that fail to load too, the list on screen stays.
        const fallback = await import("./default-initial-data.ts").then(
          (module) => [...module.DEFAULT_INITIAL_DATA.projects],
          () => undefined,
        );
        if (!live || asked !== request.current) return;
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
  }, [api, generation, buildSeed]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const sortBy = useCallback(
    (sort: ProjectSort) => {
      const paged = current.current.paged;
      if (!paged) return;
      const seed = sort === "random" ? newProjectsSeed() : paged.seed;
      const asked = ++request.current;
      setState((now) =>
        now.paged ? { ...now, paged: { ...now.paged, sort, seed, loading: "sort", failed: false } } : now,
      );
      api.getProjectsPage({ sort, seed, limit: FIRST_PAGE }).then(
        (answer) => {
          if (asked === request.current)
            startTransition(() => setState((now) => showPage(now, answer, sort, seed, false)));
        },
        () => {
          if (asked === request.current) setState((now) => withFailure(now, "sort"));
        },
      );
    },
    [api],
  );

  const loadMore = useCallback(() => {
    const { paged } = current.current;
    if (!paged || paged.next === null || paged.loading !== "none") return;
    const asked = request.current;
    const { sort, seed, next } = paged;
    setState((now) => (now.paged ? { ...now, paged: { ...now.paged, loading: "more", failed: false } } : now));
    api.getProjectsPage({ sort, seed, cursor: next, limit: MORE_PAGE }).then(
      (answer) => {
        if (asked !== request.current) return;
        startTransition(() =>
          setState((now) => {
            if (!now.paged) return now;
            const shown = appendPage(now.projects, answer.projects);
            return { ...now, projects: shown, randomOrder: shown, paged: { ...pagedFrom(answer, sort, seed) } };
          }),
        );
      },
      () => {
        if (asked === request.current) setState((now) => withFailure(now, "more"));
      },
    );
  }, [api]);

  return { ...state, reload, sortBy, loadMore };
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
