/**
 * What the home page's project list holds. The hook (use-projects.ts) keeps it and the paging code
 * (paged-projects.ts, a chunk the hook loads only on a large site) updates it; both import it from here, so
 * the paging code needs nothing from the hook that loads it (docs/design.md section 8: no import circles).
 */
import type { Project } from "@portfolio/core/domain";
import type { PagedList } from "./project-pages.ts";

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
