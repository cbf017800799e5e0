import {
  latestProjectId,
  type Project,
  type ProjectSort,
  projectStatus,
  shuffle,
  sortProjects,
} from "@portfolio/core/domain";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { RepeatedIconSymbols } from "../components/icons.tsx";
import type { CardActionRefusals } from "./card-actions.ts";
import { ProjectCard } from "./ProjectCard.tsx";

/** Only a list too large to send whole ends with it: a chunk of its own, fetched then. */
const MoreProjects = lazy(() => import("./MoreProjects.tsx").then((module) => ({ default: module.MoreProjects })));

export const SORT_LABELS: Record<ProjectSort, string> = { random: "Random", az: "A-Z", status: "Status" };
const SORTS: readonly ProjectSort[] = ["random", "az", "status"];

export interface ProjectsSectionProps {
  /** The projects in the server's order (the first latest one counts as latest). */
  projects: readonly Project[];
  /** The same projects in their random order (the default sort); the caller shuffles fresh data once. */
  randomOrder?: readonly Project[];
  highlightedId?: string;
  onEdit?: (project: Project) => void;
  onDelete?: (project: Project) => void;
  /** Why Edit or Delete is unavailable to this viewer, if it is: those buttons are then aria-disabled. */
  unavailable?: CardActionRefusals;
  /** The refusal to show on one card, after its unavailable button was pressed. */
  refusal?: { projectId: string; text: string } | null;
  /** Shown above the grid (e.g. the database error or the editor's error banner). */
  notice?: ReactNode;
  headingId?: string;
  /**
   * A list too large to send whole: `projects` are the pages shown so far, already in `sort`'s
   * order from the server, and the section asks for the rest. Absent: `projects` is the whole list, sorted here.
   */
  paging?: ProjectsPaging;
}

export interface ProjectsPaging {
  sort: ProjectSort;
  onSort: (sort: ProjectSort) => void;
  total: number;
  /** The one project that counts as latest, wherever it is in the list. */
  latestId: string | undefined;
  /** The next page's cursor; null once the whole list is shown. */
  next: string | null;
  /** What is on its way: nothing, the next page, or another sort's first page. */
  loading: "none" | "more" | "sort";
  /** Which request failed last, if one did. */
  failed: false | "more" | "sort";
  onLoadMore: () => void;
}

/** The projects section: sort buttons (Random default, A-Z, Status) and a 2-column grid of cards. */
export function ProjectsSection({
  projects,
  randomOrder = projects,
  highlightedId,
  onEdit,
  onDelete,
  unavailable,
  refusal = null,
  notice,
  headingId = "projects-heading",
  paging,
}: ProjectsSectionProps) {
  const [ownSort, setSort] = useState<ProjectSort>("random");
  const sort = paging?.sort ?? ownSort;
  const [reshuffled, setReshuffled] = useState<{ source: readonly Project[]; order: Project[] } | null>(null);

  const shown = useMemo(() => {
    if (paging) return projects;
    if (sort !== "random") return sortProjects(projects, sort);
    return reshuffled?.source === projects ? reshuffled.order : [...randomOrder];
  }, [paging, projects, randomOrder, sort, reshuffled]);
  const latestId = paging ? paging.latestId : latestProjectId(projects);
  const count = paging ? paging.total : projects.length;

  const choose = (next: ProjectSort) => {
    if (paging) return paging.onSort(next);
    if (next === "random") setReshuffled({ source: projects, order: shuffle(projects) });
    setSort(next);
  };

  return (
    <section aria-labelledby={headingId} className="w-full" data-testid="projects-section">
      <RepeatedIconSymbols />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            Projects
          </h2>
          {count > 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="projects-hint">
              {count === 1 ? "1 project" : `${count} projects`},{" "}
              {/* Touch screens cannot hover, and there the cards show their tags all the time (ProjectCard). */}
              <span className="pointer-coarse:hidden [@media(hover:none)]:hidden">hover a card to see its stack.</span>
              <span className="hidden pointer-coarse:inline [@media(hover:none)]:inline">
                each card lists its stack.
              </span>
            </p>
          ) : null}
        </div>
        <fieldset className="inline-flex self-start rounded-xl border border-slate-200 bg-slate-100 p-1 dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">Sort projects</legend>
          {SORTS.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={sort === key}
              data-sort={key}
              onClick={() => choose(key)}
              // The look, pressed or not, is the `sort-button` class of projects-section.css.
              className={cx("sort-button", FOCUS_RING)}
            >
              {SORT_LABELS[key]}
            </button>
          ))}
        </fieldset>
      </div>
      {notice}
      {shown.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No projects to show yet. Check back soon!
        </p>
      ) : (
        // data-below-fold: the grid starts below the first screen, so the prerendered page's inline
        // critical CSS leaves it to the full stylesheet (apps/site/scripts/critical-css.mjs).
        <div
          className="grid gap-5 md:grid-cols-2"
          data-testid="project-grid"
          data-sort={sort}
          data-below-fold=""
          aria-busy={paging?.loading === "sort" ? true : undefined}
        >
          {shown.map((project) => (
            <ProjectCard
              // By slug where there is one: a page built from the built-in list shows the same projects under
              // other ids than the server's seeded copies, and keyed by id the live list replaced every card's
              // elements (docs/performance.md, "The public pages"); by slug they stay and only their ids change.
              key={project.slug || project._id}
              project={project}
              status={projectStatus(project, latestId)}
              highlighted={project._id === highlightedId}
              onEdit={onEdit}
              onDelete={onDelete}
              unavailable={unavailable}
              refusal={refusal?.projectId === project._id ? refusal.text : null}
            />
          ))}
        </div>
      )}
      {paging && shown.length > 0 ? (
        <Suspense fallback={null}>
          <MoreProjects
            shown={shown.length}
            total={paging.total}
            hasMore={paging.next !== null}
            loading={paging.loading !== "none"}
            failed={paging.failed !== false}
            onLoadMore={paging.failed === "sort" ? () => paging.onSort(paging.sort) : paging.onLoadMore}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
