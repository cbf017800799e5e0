/** Loads /api/projects once; on failure falls back to the built-in list with the spec's message. */
import type { Project } from "@portfolio/core/domain";
import { useAuth } from "@portfolio/ui";
import { startTransition, useCallback, useEffect, useState } from "react";
import { inOrder, useInitialData } from "./initial-data.tsx";
import { keepShownOrder, sameProjects } from "./project-order.ts";

export type ProjectsStatus = "initial" | "loaded" | "failed";

export interface ProjectsState {
  /** In the server's order: 'first project' and 'first latest' are read from this order. */
  projects: Project[];
  /** The same projects in the random order the page first showed (the build's), kept when live data arrives. */
  randomOrder: Project[];
  status: ProjectsStatus;
  /** An error the server reported alongside the list (shown to editors). */
  serverError?: string;
}

export function useProjects(): ProjectsState & { reload: () => void } {
  const { api } = useAuth();
  const initial = useInitialData();
  const [state, setState] = useState<ProjectsState>(() => ({
    projects: initial.projects,
    randomOrder: inOrder(initial.projects, initial.order),
    status: "initial",
  }));
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    void generation;
    api.getProjects().then(
      (answer) => {
        if (!live) return;
        const list = Array.isArray(answer.projects) ? answer.projects : [];
        // A transition: re-rendering the grid is time-sliced instead of one long task.
        startTransition(() => setState((current) => replaceList(current, list, "loaded", answer.error)));
      },
      async () => {
        // The built-in list is its own chunk; should that fail to load too, the list on screen stays.
        const fallback = await import("./default-initial-data.ts").then(
          (module) => [...module.DEFAULT_INITIAL_DATA.projects],
          () => undefined,
        );
        if (!live) return;
        startTransition(() => setState((current) => replaceList(current, fallback ?? current.projects, "failed")));
      },
    );
    return () => {
      live = false;
    };
  }, [api, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
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
