/** The Edit and Delete buttons on a card, for holders of website:projects:edit (a chunk of their own). */
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { PencilIcon, TrashIcon } from "../components/secondary-icons.tsx";
import type { ProjectCardProps } from "./ProjectCard.tsx";

export default function ProjectCardActions({
  project,
  onEdit,
  onDelete,
}: Pick<ProjectCardProps, "project" | "onEdit" | "onDelete">) {
  return (
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
  );
}
