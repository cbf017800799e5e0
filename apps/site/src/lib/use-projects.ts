/** Loads /api/projects once; on failure falls back to the built-in list with the spec's message. */
import { FALLBACK_PROJECTS, type Project, shuffle } from "@portfolio/core/domain";
import { useAuth } from "@portfolio/ui";
import { startTransition, useCallback, useEffect, useState } from "react";
import { inOrder, useInitialData } from "./initial-data.tsx";

export type ProjectsStatus = "initial" | "loaded" | "failed";

export interface ProjectsState {
  /** In the server's order: 'first project' and 'first latest' are read from this order. */
  projects: Project[];
  /** The same projects shuffled once: the Random sort (the default). */
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
        startTransition(() =>
          setState({ projects: list, randomOrder: shuffle(list), status: "loaded", serverError: answer.error }),
        );
      },
      () => {
        if (!live) return;
        const list = [...FALLBACK_PROJECTS];
        startTransition(() => setState({ projects: list, randomOrder: shuffle(list), status: "failed" }));
      },
    );
    return () => {
      live = false;
    };
  }, [api, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
