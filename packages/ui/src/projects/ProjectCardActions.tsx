/** The Edit and Delete buttons on a card, for holders of website:projects:edit (a chunk of their own). */
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { PencilIcon, TrashIcon } from "../components/secondary-icons.tsx";
import { RefusalAlert, UnavailableReason, unavailableProps } from "../components/unavailable.tsx";
import type { CardActionsProps } from "./card-actions.ts";

const UNAVAILABLE = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

export default function ProjectCardActions({ project, onEdit, onDelete, unavailable = {}, refusal }: CardActionsProps) {
  const editReason = unavailable.edit ? `${project._id}-edit-unavailable` : undefined;
  const deleteReason = unavailable.delete ? `${project._id}-delete-unavailable` : undefined;
  return (
    <>
      {refusal ? <RefusalAlert text={refusal} className="absolute right-3 bottom-12 z-10 max-w-64" /> : null}
      {unavailable.edit && editReason ? <UnavailableReason id={editReason} text={unavailable.edit} /> : null}
      {unavailable.delete && deleteReason ? <UnavailableReason id={deleteReason} text={unavailable.delete} /> : null}
      <div
        className={cx(
          "absolute right-3 bottom-3 flex gap-1 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100",
          !refusal && "[@media(hover:hover)]:opacity-0",
        )}
      >
        {onEdit ? (
          <button
            type="button"
            onClick={() => onEdit(project)}
            aria-label={`Edit ${project.title}`}
            {...unavailableProps(editReason)}
            className={cx(
              "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800",
              FOCUS_RING,
              UNAVAILABLE,
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
            {...unavailableProps(deleteReason)}
            className={cx(
              "rounded-md p-1.5 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950",
              FOCUS_RING,
              UNAVAILABLE,
            )}
          >
            <TrashIcon size={16} />
          </button>
        ) : null}
      </div>
    </>
  );
}
