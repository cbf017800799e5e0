/**
 * The project editor's History panel: the generic HistoryPanel over `projects.history`, comparing the
 * project's own fields with the labels of the editor's form.
 */
import type { HistoryItem, Project, ProjectFieldsView } from "@portfolio/core/domain";
import { useApi } from "../auth/auth-context.tsx";
import { HISTORY_PAGE_SIZE, HistoryPanel } from "../history/HistoryPanel.tsx";
import type { FieldLabels } from "../history/history-view.ts";

export const PROJECT_FIELD_LABELS: FieldLabels<ProjectFieldsView> = {
  title: "Title",
  description: "Description",
  github: "Code link",
  externalLink: "Demo link",
  tags: "Tags",
  isArchived: "Archived",
  isLatest: "Latest",
  slug: "Slug",
  longDescription: "Long description",
  pictures: "Pictures",
};

export const RESTORE_DIRTY_NOTE = "Your unsaved changes in the form will be replaced by this version.";

/** The project's fields as its history keeps them (a missing link is null there). */
export function projectHistoryFields(project: Project): ProjectFieldsView {
  return {
    title: project.title,
    description: project.description,
    github: project.github ?? null,
    externalLink: project.externalLink ?? null,
    tags: project.tags,
    isArchived: project.isArchived,
    isLatest: project.isLatest,
    slug: project.slug,
    longDescription: project.longDescription,
    pictures: project.pictures,
  };
}

export function ProjectHistory({
  project,
  dirty,
  onRestore,
}: {
  project: Project;
  /** The form holds unsaved changes, which a restore replaces. */
  dirty: boolean;
  /** Restores the version on top of `project.version`; rejects with an Error whose message says why not. */
  onRestore: (item: HistoryItem<ProjectFieldsView>) => Promise<void>;
}) {
  const api = useApi();
  return (
    <HistoryPanel
      noun="project"
      load={(before) => api.call("projects.history", { id: project._id, before, limit: HISTORY_PAGE_SIZE })}
      current={projectHistoryFields(project)}
      reloadKey={`${project._id}:${project.version}`}
      labels={PROJECT_FIELD_LABELS}
      restore={onRestore}
      restoreNote={dirty ? RESTORE_DIRTY_NOTE : undefined}
    />
  );
}
