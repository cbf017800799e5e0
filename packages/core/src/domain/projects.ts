/** Project shape and the showcase rules of spec sections 2 and 4: status, sorting, the latest badge. */

import type { ProjectPicture } from "./pictures.ts";

export interface Project {
  _id: string;
  title: string;
  description: string;
  github?: string;
  externalLink?: string;
  isArchived: boolean;
  isLatest: boolean;
  tags: string[];
  /** The page's address, `/projects/<slug>` (domain/slug.ts): made from the title once, kept when it changes. */
  slug: string;
  /** Markdown for the project's own page; "" when there is none. */
  longDescription: string;
  /** In display order; exactly one is the cover when there are any (domain/pictures.ts). */
  pictures: ProjectPicture[];
  createdAt: string;
  updatedAt: string;
  /** Starts at 1 and goes up by one on every edit; an edit carrying an older one is refused (409). */
  version: number;
}

export type ProjectStatus = "latest" | "archived" | "active";
export type ProjectSort = "random" | "az" | "status";

/** Only the first latest project counts as latest. */
export function latestProjectId(projects: readonly Project[]): string | undefined {
  return projects.find((p) => p.isLatest)?._id;
}

export function projectStatus(project: Project, latestId = project.isLatest ? project._id : undefined): ProjectStatus {
  if (project._id === latestId) return "latest";
  if (project.isArchived) return "archived";
  return "active";
}

const byTitle = (a: Project, b: Project) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" });

/** Fisher-Yates shuffle with an injectable random source (tests pass a seeded one). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Random (shuffled), A-Z, or Status: latest first, then normal, then archived, each by title. */
export function sortProjects(projects: readonly Project[], sort: ProjectSort, random?: () => number): Project[] {
  if (sort === "random") return shuffle(projects, random);
  if (sort === "az") return [...projects].sort(byTitle);
  const latestId = latestProjectId(projects);
  const rank: Record<ProjectStatus, number> = { latest: 0, active: 1, archived: 2 };
  return [...projects].sort(
    (a, b) => rank[projectStatus(a, latestId)] - rank[projectStatus(b, latestId)] || byTitle(a, b),
  );
}

/**
 * The 'Last seen working on' badge: the latest project, else the first project, else 'something exciting'.
 * It never names an archived project (work that stopped is not what the owner was last seen on): an
 * archived project is skipped in both steps.
 */
export function lastSeenWorkingOn(projects: readonly Project[]): { title: string; projectId?: string } {
  const current = projects.filter((p) => !p.isArchived);
  const project = current.find((p) => p.isLatest) ?? current[0];
  return project ? { title: project.title, projectId: project._id } : { title: "something exciting" };
}
