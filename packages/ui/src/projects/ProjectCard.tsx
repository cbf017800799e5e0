import type { Project, ProjectStatus } from "@portfolio/core/domain";
import { Link } from "react-router-dom";
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { CodeIcon, ExternalLinkIcon, PencilIcon, TrashIcon } from "../components/icons.tsx";
import { tagClasses } from "./tag-colors.ts";

export interface ProjectCardProps {
  project: Project;
  status: ProjectStatus;
  highlighted?: boolean;
  /** Given only to holders of website:projects:edit: hover buttons on the card. */
  onEdit?: (project: Project) => void;
  onDelete?: (project: Project) => void;
}

export function projectElementId(id: string): string {
  return `project-${id}`;
}

const LINK =
  "inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 hover:text-indigo-900 dark:text-indigo-300 dark:hover:bg-indigo-950 dark:hover:text-indigo-100";

function isInternal(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

export function ProjectCard({ project, status, highlighted = false, onEdit, onDelete }: ProjectCardProps) {
  const demo = project.externalLink?.trim();
  const code = project.github?.trim();
  return (
    <article
      id={projectElementId(project._id)}
      data-testid="project-card"
      data-project-id={project._id}
      data-status={status}
      data-highlighted={highlighted ? "true" : "false"}
      aria-labelledby={`${projectElementId(project._id)}-title`}
      className={cx(
        "group relative flex scroll-mt-24 flex-col rounded-2xl border bg-white p-5 shadow-sm transition duration-300 hover:-translate-y-0.5 hover:shadow-lg dark:bg-slate-900",
        status === "archived" ? "border-slate-200 dark:border-slate-800" : "border-slate-200 dark:border-slate-700/80",
        status === "latest" && "border-indigo-300 dark:border-indigo-500/60",
        highlighted &&
          "z-10 scale-[1.02] ring-4 ring-indigo-500 ring-offset-2 ring-offset-white dark:ring-indigo-400 dark:ring-offset-slate-950",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3
          id={`${projectElementId(project._id)}-title`}
          className="text-lg font-semibold leading-snug text-slate-900 dark:text-white"
        >
          {project.title}
        </h3>
        {status === "latest" ? (
          <span
            data-testid="badge-latest"
            className="shrink-0 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
          >
            Latest
          </span>
        ) : null}
        {status === "archived" ? (
          <span
            data-testid="badge-archived"
            className="shrink-0 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            Archived
          </span>
        ) : null}
      </div>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{project.description}</p>
      {project.tags.length > 0 ? (
        // No aria-label: HTML gives a list no name of its own; the tags read as what they are.
        // Hidden until hover only where there is a fine pointer that can hover; touch screens always show them.
        <ul
          data-testid="project-tags"
          className="mt-3 flex flex-wrap gap-1.5 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:hover)_and_(pointer:fine)]:opacity-0"
        >
          {project.tags.map((tag) => (
            <li key={tag} className={cx("rounded-md px-2 py-0.5 text-xs font-medium", tagClasses(tag))}>
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {code || demo ? (
        <div className="-mx-2.5 mt-4 flex flex-wrap gap-1">
          {code ? (
            <a href={code} target="_blank" rel="noopener noreferrer" className={cx(LINK, FOCUS_RING)}>
              <CodeIcon size={16} />
              Code<span className="sr-only"> of {project.title} (opens in a new tab)</span>
            </a>
          ) : null}
          {demo && isInternal(demo) ? (
            <Link to={demo} className={cx(LINK, FOCUS_RING)}>
              <ExternalLinkIcon size={16} />
              Demo<span className="sr-only"> of {project.title}</span>
            </Link>
          ) : null}
          {demo && !isInternal(demo) ? (
            <a href={demo} target="_blank" rel="noopener noreferrer" className={cx(LINK, FOCUS_RING)}>
              <ExternalLinkIcon size={16} />
              Demo<span className="sr-only"> of {project.title} (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {onEdit || onDelete ? (
        <div className="absolute right-3 bottom-3 flex gap-1 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:hover)]:opacity-0">
          {onEdit ? (
            <button
              type="button"
              onClick={() => onEdit(project)}
              aria-label={`Edit ${project.title}`}
              className={cx(
                "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800",
                FOCUS_RING,
              )}
            >
              <PencilIcon size={16} />
            </button>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              onClick={() => onDelete(project)}
              aria-label={`Delete ${project.title}`}
              className={cx(
                "rounded-md p-1.5 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950",
                FOCUS_RING,
              )}
            >
              <TrashIcon size={16} />
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
