/**
 * The Projects tab (projects:view). Create needs projects:create, edit projects:edit, delete
 * projects:delete; without them the buttons look and are announced unavailable, and pressing one shows
 * 'You do not have permission to ...' in an alert beside it. It shows one page of projects
 * at a time, sorted by the server over the whole list (a site can have 10,000 projects), and after
 * every change loads the page it shows again.
 */
import { type HistoryItem, hasPermission, type Project, type ProjectFieldsView } from "@portfolio/core/domain";
import { useEffect, useRef, useState } from "react";
import type { ProjectBody } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { RefusalAlert, UnavailableReason, unavailableProps } from "../../components/unavailable.tsx";
import { RESTORE_MESSAGES, TRASH_MESSAGES } from "../../history/messages.ts";
import { ProjectEditorModal } from "../../projects/ProjectEditorModal.tsx";
import { ProjectHistory } from "../../projects/ProjectHistory.tsx";
import { projectConflictFrom } from "../../projects/project-conflict.ts";
import { saveErrorFrom } from "../../projects/save-error.ts";
import { useSavedFeedback } from "../../sync/saved-offline.tsx";
import { deleteProjectQuestion, PERMISSION_ALERTS, PROJECT_MESSAGES } from "../admin-messages.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { failureFeedback, useNotify } from "../feedback.tsx";
import { type CursorTrail, FIRST_PAGE, trailCursor } from "../paging/cursor-pages.ts";
import { Pager } from "../paging/Pager.tsx";
import { useCursorPage } from "../paging/use-cursor-page.ts";
import { usePageMoves } from "../paging/use-page-moves.ts";
import { DEFAULT_PROJECT_SORT, nextSort } from "../project-table.ts";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "../States.tsx";
import { ProjectsTable, type ProjectsTableHandle } from "./ProjectsTable.tsx";
import { projectsPageQuery, projectsRangeLabel, projectsSummary } from "./projects-list.ts";

const CREATE_REASON_ID = "projects-create-unavailable";
const EDIT_REASON_ID = "projects-edit-unavailable";
const DELETE_REASON_ID = "projects-delete-unavailable";

/** A refused press: at the New Project button, or at a project's row (its id). */
interface Refusal {
  at: "create" | string;
  text: string;
}

export function ProjectsTab({
  permissions,
  onChanged,
}: {
  permissions: readonly string[];
  onChanged: () => Promise<void>;
}) {
  const api = useApi();
  const notify = useNotify();
  // In the desktop app while offline, a save says it waits on this computer.
  const saved = useSavedFeedback();
  const [sort, setSort] = useState(DEFAULT_PROJECT_SORT);
  /** The order the rows shown are in: the headers say it (aria-sort) once the page in the new order is in. */
  const [shownSort, setShownSort] = useState(DEFAULT_PROJECT_SORT);
  /** The cursors of the pages after the first that led here (a new order starts again at the first page). */
  const [trail, setTrail] = useState<CursorTrail>(FIRST_PAGE);
  const projects = useCursorPage(
    (query) => api.call("projects.list", query),
    projectsPageQuery(sort, trailCursor(trail)),
  );
  const table = useRef<ProjectsTableHandle>(null);
  const { shownPage, nextPage, previousPage } = usePageMoves(
    projects,
    trail,
    setTrail,
    (answer) => answer.projects.length,
    () => table.current?.focusRow(0),
  );
  const [editor, setEditor] = useState<{ project: Project | null } | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const may = (permission: string) => hasPermission(permissions, permission);
  // Which refused control was pressed last: its reason shows beside it.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const reasonIds = {
    create: may("projects:create") ? undefined : CREATE_REASON_ID,
    edit: may("projects:edit") ? undefined : EDIT_REASON_ID,
    delete: may("projects:delete") ? undefined : DELETE_REASON_ID,
  };

  const answer = projects.answer;
  useEffect(() => {
    if (answer && projects.settled) setShownSort(sort);
  }, [answer, projects.settled, sort]);

  const changeSort = (key: Parameters<typeof nextSort>[1]) => {
    setSort((s) => nextSort(s, key));
    setTrail(FIRST_PAGE);
  };

  const afterChange = async () => {
    await projects.reload();
    await onChanged();
  };

  const create = () =>
    may("projects:create")
      ? setEditor({ project: null })
      : setRefusal({ at: "create", text: PERMISSION_ALERTS.create });
  const edit = (project: Project) =>
    may("projects:edit") ? setEditor({ project }) : setRefusal({ at: project._id, text: PERMISSION_ALERTS.edit });
  const remove = (project: Project) =>
    may("projects:delete") ? setDeleting(project) : setRefusal({ at: project._id, text: PERMISSION_ALERTS.delete });

  const save = async (body: ProjectBody, version?: number) => {
    const editing = editor?.project ?? null;
    try {
      if (editing) await api.call("projects.update", { id: editing._id, ...body, version });
      else await api.call("projects.create", body);
    } catch (error) {
      // Changed elsewhere: the editor shows the current values and lets the user reapply (no alert).
      const stale = projectConflictFrom(error);
      if (stale) throw stale;
      const failure = saveErrorFrom(error, PROJECT_MESSAGES.saveFailed, PROJECT_MESSAGES.saveError);
      window.alert(failure.message);
      throw failure;
    }
    setEditor(null);
    notify(saved(editing ? `Project "${body.title}" updated.` : `Project "${body.title}" created.`));
    await afterChange();
  };

  /** 'Restore this version': on top of the version the editor shows, which then shows the restored project. */
  const restoreVersion = async (project: Project, item: HistoryItem<ProjectFieldsView>) => {
    try {
      const restored = await api.call("projects.restore", {
        id: project._id,
        version: item.version,
        baseVersion: project.version,
      });
      setEditor({ project: restored });
      notify(saved(RESTORE_MESSAGES.restored(restored.title, item.version)));
    } catch (error) {
      const stale = projectConflictFrom(error);
      if (stale) {
        setEditor({ project: stale.current });
        throw new Error(RESTORE_MESSAGES.stale);
      }
      throw new Error(saveErrorFrom(error, RESTORE_MESSAGES.failed, RESTORE_MESSAGES.failed).message);
    } finally {
      await afterChange();
    }
  };

  const undoDelete = async (project: Project) => {
    try {
      await api.call("trash.restore", { id: project._id });
      notify(saved(TRASH_MESSAGES.restored(project.title)));
    } catch (error) {
      notify(failureFeedback(TRASH_MESSAGES.restoreFailed, error));
    }
    await afterChange();
  };

  const confirmDelete = async () => {
    const project = deleting;
    if (!project) return;
    try {
      await api.call("projects.delete", { id: project._id });
      // The deleted project waits in the trash: 'Undo' (focused, so a keyboard reaches it) puts it back.
      notify({
        ...saved(TRASH_MESSAGES.deletedUndo(project.title)),
        action: { label: TRASH_MESSAGES.undo, run: () => void undoDelete(project) },
      });
    } catch (error) {
      const failure = saveErrorFrom(error, PROJECT_MESSAGES.deleteFailed, PROJECT_MESSAGES.deleteError);
      notify({ tone: "error", text: failure.message, detail: failure.detail });
      window.alert(failure.message);
    }
    setDeleting(null);
    await afterChange();
  };

  const list = answer?.projects;
  // The site has no project at all (not merely this page empty, which steps back to the page before).
  const none = answer !== undefined && (answer.total ?? 0) === 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Projects</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {answer ? projectsSummary(answer.total ?? 0) : " "}
          </p>
        </div>
        {answer && !none ? (
          <div className="flex flex-col items-end gap-2">
            <Button onClick={create} {...unavailableProps(reasonIds.create)}>
              New Project
            </Button>
            {refusal?.at === "create" ? <RefusalAlert text={refusal.text} /> : null}
          </div>
        ) : null}
      </div>
      {reasonIds.create ? <UnavailableReason id={reasonIds.create} text={PERMISSION_ALERTS.create} /> : null}
      {reasonIds.edit ? <UnavailableReason id={reasonIds.edit} text={PERMISSION_ALERTS.edit} /> : null}
      {reasonIds.delete ? <UnavailableReason id={reasonIds.delete} text={PERMISSION_ALERTS.delete} /> : null}
      {projects.error ? <ErrorBlock error={projects.error} what="the projects" onRetry={projects.reload} /> : null}
      {!list && !projects.error ? <LoadingBlock label="Loading projects…" /> : null}
      {none && !projects.error ? (
        <EmptyBlock title={PROJECT_MESSAGES.empty}>
          <div className="flex flex-col items-center gap-2">
            <Button onClick={create} {...unavailableProps(reasonIds.create)}>
              {PROJECT_MESSAGES.createFirst}
            </Button>
            {refusal?.at === "create" ? <RefusalAlert text={refusal.text} /> : null}
          </div>
        </EmptyBlock>
      ) : null}
      {list && list.length > 0 && !projects.error ? (
        <ProjectsTable
          ref={table}
          projects={list}
          loading={projects.loading}
          sort={shownSort}
          onSort={changeSort}
          onEdit={edit}
          onDelete={remove}
          reasonIds={{ edit: reasonIds.edit, delete: reasonIds.delete }}
          refusal={refusal && refusal.at !== "create" ? { projectId: refusal.at, text: refusal.text } : null}
        />
      ) : null}
      {list && list.length > 0 && !projects.error ? (
        <Pager
          label="Pages of projects"
          range={projectsRangeLabel(shownPage, list.length, answer?.total ?? list.length)}
          rangeTestId="projects-range"
          hasPrevious={trail.length > 0}
          hasNext={Boolean(answer?.next)}
          onPrevious={previousPage}
          onNext={nextPage}
        />
      ) : null}
      <ProjectEditorModal
        open={editor !== null}
        project={editor?.project ?? null}
        onClose={() => setEditor(null)}
        onSave={save}
        onPictureAdded={() => void afterChange()}
        history={(dirty) =>
          editor?.project ? (
            <ProjectHistory
              project={editor.project}
              dirty={dirty}
              onRestore={(item) => (editor.project ? restoreVersion(editor.project, item) : Promise.resolve())}
            />
          ) : null
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete project"
        message={deleting ? deleteProjectQuestion(deleting.title) : ""}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
