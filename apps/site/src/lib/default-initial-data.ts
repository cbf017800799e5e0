/**
 * The built-in project list as the page's data: when it has no readable data file (the Vite dev server's
 * bare template, a page that shows no projects), and when the live list cannot be loaded (use-projects.ts).
 * A chunk of its own, fetched only then: the home page preloads its data.
 */
import { FALLBACK_PROJECTS } from "@portfolio/core/domain";
import type { InitialData } from "./initial-data.tsx";

export const DEFAULT_INITIAL_DATA: InitialData = {
  projects: [...FALLBACK_PROJECTS],
  order: FALLBACK_PROJECTS.map((p) => p._id),
  builtAt: "2026-01-01T00:00:00.000Z",
};
