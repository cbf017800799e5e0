/**
 * The home page's project editing for holders of website:projects:edit: the shared Edit Project modal and
 * the delete confirmation. Loaded only when an editor opens one of them (its own chunk), so visitors never
 * download it. Failures use the spec's texts, as alerts and in the page's project error banner.
 */
import type { Project } from "@portfolio/core/domain";
import {
  ConfirmDialog,
  deleteProjectQuestion,
  PROJECT_MESSAGES,
  type ProjectBody,
  ProjectEditorModal,
  projectConflictFrom,
  saveErrorFrom,
  useAuth,
} from "@portfolio/ui";

export interface ProjectDialogsProps {
  editing: Project | null;
  deleting: Project | null;
  onClose: () => void;
  /** After a change: reload the list and clear the banner. */
  onChanged: () => void;
  /** A failure for the page's banner. */
  onError: (message: string) => void;
}

export default function ProjectDialogs({ editing, deleting, onClose, onChanged, onError }: ProjectDialogsProps) {
  const { api } = useAuth();

  const save = async (body: ProjectBody, version?: number) => {
    if (!editing) return;
    try {
      await api.call("projects.update", { id: editing._id, ...body, version });
    } catch (error) {
      // Changed elsewhere: the editor shows the current values and lets the user reapply (no alert).
      const stale = projectConflictFrom(error);
      if (stale) throw stale;
      const problem = saveErrorFrom(error, PROJECT_MESSAGES.updateFailed, PROJECT_MESSAGES.updateError);
      onError(problem.detail ? `${problem.message}: ${problem.detail}` : problem.message);
      window.alert(problem.message);
      throw problem;
    }
    onClose();
    onChanged();
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.call("projects.delete", { id: deleting._id });
      onChanged();
    } catch (error) {
      const problem = saveErrorFrom(error, PROJECT_MESSAGES.deleteFailed, PROJECT_MESSAGES.deleteError);
      onError(problem.detail ? `${problem.message}: ${problem.detail}` : problem.message);
      window.alert(problem.message);
    }
    onClose();
  };

  return (
    <>
      <ProjectEditorModal
        open={editing !== null}
        project={editing}
        onClose={onClose}
        onSave={save}
        onPictureAdded={onChanged}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete project"
        message={deleting ? deleteProjectQuestion(deleting.title) : ""}
        confirmLabel="Delete"
        onConfirm={remove}
        onCancel={onClose}
      />
    </>
  );
}
