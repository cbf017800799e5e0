/**
 * The Projects table: sortable Title and Status, description, status chips, 3 tags plus '+N', edit/delete.
 * Below the md breakpoint each row is a card and the header row shrinks to the two sort buttons. The rows
 * are one page, in the order the server sorted them; Arrow Up/Down, Home and End move between rows.
 */
import type { Project } from "@portfolio/core/domain";
import { type KeyboardEvent, type Ref, useImperativeHandle, useRef } from "react";
import { FOCUS_RING } from "../../components/Button.tsx";
import { cx } from "../../components/cx.ts";
import { PencilIcon, TrashIcon } from "../../components/secondary-icons.tsx";
import { TableScrollBox } from "../../components/TableScrollBox.tsx";
import { RefusalAlert, unavailableProps } from "../../components/unavailable.tsx";
import { tagClasses } from "../../projects/tag-colors.ts";
import { NotSyncedBadge } from "../../sync/NotSyncedBadge.tsx";
import { focusTableRow, moveBetweenRows } from "../paging/row-keys.ts";
import {
  ariaSort,
  type ProjectSortKey,
  type ProjectSortState,
  type StatusChip,
  statusChips,
  visibleTags,
} from "../project-table.ts";

const TH = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-4 py-3 align-top max-md:block max-md:px-0 max-md:py-1";
/** Headers with nothing to press: hidden on narrow screens, where rows are cards. */
const TH_PLAIN = `${TH} max-md:hidden`;

const CHIP_CLASSES: Record<StatusChip, string> = {
  Latest: "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
  Archived: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  Active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
};

export interface ProjectsTableProps {
  projects: readonly Project[];
  sort: ProjectSortState;
  onSort: (key: ProjectSortKey) => void;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
  /** The description of Edit and Delete where the viewer may not use them (they are then aria-disabled). */
  reasonIds?: { edit?: string; delete?: string };
  /** The refusal to show beside a row's buttons, after one was pressed. */
  refusal?: { projectId: string; text: string } | null;
  /** Another page or order is on its way: the rows shown are dimmed and the table says it is busy. */
  loading?: boolean;
  ref?: Ref<ProjectsTableHandle>;
}

export interface ProjectsTableHandle {
  /** Puts the focus on a row (its title cell), e.g. the first row of a new page. */
  focusRow: (index: number) => void;
}

const UNAVAILABLE = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

export function ProjectsTable({
  projects,
  sort,
  onSort,
  onEdit,
  onDelete,
  reasonIds = {},
  refusal = null,
  loading,
  ref,
}: ProjectsTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  useImperativeHandle(ref, () => ({ focusRow: (index) => focusTableRow(body.current, "project-row", index) }));
  const keyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => moveBetweenRows(event, "project-row");
  const header = (key: ProjectSortKey, label: string) => {
    const state = ariaSort(sort, key);
    return (
      <th scope="col" className={cx(TH, "max-md:py-2")} aria-sort={state}>
        <button
          type="button"
          onClick={() => onSort(key)}
          className={cx(
            "-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 dark:hover:text-white",
            FOCUS_RING,
          )}
        >
          {label}
          <span aria-hidden="true" className="text-[0.625rem]">
            {state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕"}
          </span>
          <span className="sr-only">, sort</span>
        </button>
      </th>
    );
  };
  return (
    <TableScrollBox>
      <table
        className="w-full border-collapse text-sm aria-busy:opacity-70 max-md:block md:min-w-[52rem]"
        data-testid="projects-table"
        aria-busy={loading || undefined}
      >
        <caption className="sr-only">Projects</caption>
        <thead className="border-b border-slate-200 bg-slate-50 max-md:block dark:border-slate-800 dark:bg-slate-800/40">
          <tr className="max-md:flex max-md:gap-2">
            {header("title", "Title")}
            <th scope="col" className={TH_PLAIN}>
              Description
            </th>
            {header("status", "Status")}
            <th scope="col" className={TH_PLAIN}>
              Tags
            </th>
            <th scope="col" className={`${TH_PLAIN} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={keyDown} className="divide-y divide-slate-200 max-md:block dark:divide-slate-800">
          {projects.map((project) => {
            const tags = visibleTags(project.tags);
            const refused = refusal?.projectId === project._id ? refusal.text : null;
            return (
              <tr
                key={project._id}
                data-testid="project-row"
                data-project-id={project._id}
                className="max-md:relative max-md:block max-md:px-4 max-md:py-3"
              >
                <th
                  scope="row"
                  // Reachable by the arrow keys and the pager, not by Tab: Tab goes through the actions.
                  tabIndex={-1}
                  className={`${TD} text-left font-semibold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-inset max-md:pr-24 dark:text-white dark:focus-visible:ring-indigo-400`}
                >
                  {project.title}
                  <NotSyncedBadge id={project._id} />
                </th>
                <td className={`${TD} text-slate-700 md:max-w-sm dark:text-slate-300`}>
                  <p className="line-clamp-2" title={project.description}>
                    {project.description}
                  </p>
                </td>
                <td className={`${TD} max-md:inline-block max-md:pr-3`}>
                  <ul className="flex flex-wrap gap-1" aria-label="Status">
                    {statusChips(project).map((chip) => (
                      <li
                        key={chip}
                        data-testid="status-chip"
                        className={cx("rounded-full px-2 py-0.5 text-xs font-semibold", CHIP_CLASSES[chip])}
                      >
                        {chip}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={`${TD} max-md:inline-block`}>
                  {project.tags.length === 0 ? (
                    <span className="text-slate-500 dark:text-slate-400">No tags</span>
                  ) : (
                    <ul className="flex flex-wrap gap-1" aria-label="Tags" data-testid="project-row-tags">
                      {tags.shown.map((tag) => (
                        <li key={tag} className={cx("rounded-md px-2 py-0.5 text-xs font-medium", tagClasses(tag))}>
                          {tag}
                        </li>
                      ))}
                      {tags.more > 0 ? (
                        <li
                          className="rounded-md px-1.5 py-0.5 text-xs font-semibold text-slate-700 dark:text-slate-300"
                          title={project.tags.slice(3).join(", ")}
                          data-testid="more-tags"
                        >
                          +{tags.more}
                          <span className="sr-only"> more</span>
                        </li>
                      ) : null}
                    </ul>
                  )}
                </td>
                <td
                  className={cx(
                    TD,
                    "text-right",
                    // A card's buttons sit at its top right; with a refusal showing they drop below, beside it.
                    refused ? "max-md:pt-2" : "max-md:absolute max-md:top-2 max-md:right-3",
                  )}
                >
                  <div className="flex justify-end gap-1">
                    <button
                      type="button"
                      onClick={() => onEdit(project)}
                      aria-label={`Edit ${project.title}`}
                      title="Edit"
                      {...unavailableProps(reasonIds.edit)}
                      className={cx(
                        "rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
                        FOCUS_RING,
                        UNAVAILABLE,
                      )}
                    >
                      <PencilIcon size={16} />
                    </button>
                    <button
                      type="button"
                      onClick={() => onDelete(project)}
                      aria-label={`Delete ${project.title}`}
                      title="Delete"
                      {...unavailableProps(reasonIds.delete)}
                      className={cx(
                        "rounded-md p-2 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950",
                        FOCUS_RING,
                        UNAVAILABLE,
                      )}
                    >
                      <TrashIcon size={16} />
                    </button>
                  </div>
                  {refused ? <RefusalAlert text={refused} className="mt-2 md:ml-auto md:max-w-64" /> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScrollBox>
  );
}
