/**
 * The Edit Project modal (spec sections 2 and 5), shared by the admin panel's Projects tab and the home
 * page's card buttons. Title and description are required by the browser; the two links are URL inputs
 * (the demo link may also be a path on this site); Enter in the tag field adds the tag. The caller saves:
 * `onSave` rejects with the message to show, and the modal stays open.
 *
 * An edit always carries the version it was made on. When someone saved the project in the meantime, the
 * save is refused (409) and the modal shows 'This project was changed elsewhere' with the current values:
 * 'Reapply my changes' saves the form again on top of that version, 'Keep theirs' loads their values.
 *
 * Escape, Close, Cancel and a click beside the dialog ask 'Discard your changes?' first while the form
 * differs from the project it was opened on.
 */
import type { Project, ProjectPicture } from "@portfolio/core/domain";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { ProjectBody } from "../api/api-client.ts";
import { Button, FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import {
  FIELD_HINT_CLASSES,
  FIELD_LABEL_CLASSES,
  FieldError,
  fieldDescription,
  INPUT_CLASSES,
  TextField,
} from "../components/FormField.tsx";
import { Modal } from "../components/Modal.tsx";
import { CloseIcon } from "../components/secondary-icons.tsx";
import { useDiscardGuard, useReportUnsaved } from "../unsaved/UnsavedChangesProvider.tsx";
import { ProjectConflictBox } from "./ProjectConflictBox.tsx";
import { ProjectPictures } from "./ProjectPictures.tsx";
import { projectConflictFrom } from "./project-conflict.ts";
import {
  commitTag,
  isProjectFormDirty,
  linkProblem,
  type ProjectFormState,
  projectBodyFrom,
  projectFormFrom,
  removeTag,
  tagInputProblem,
} from "./project-form.ts";
import { SaveErrorBox } from "./SaveErrorBox.tsx";
import { SaveError } from "./save-error.ts";
import { tagClasses } from "./tag-colors.ts";

export interface ProjectEditorModalProps {
  open: boolean;
  /** The project to edit, or null to create one. */
  project: Project | null;
  onClose: () => void;
  /** `version`: the version of the project the edit was made on (absent when creating); send it along. */
  onSave: (body: ProjectBody, version?: number) => Promise<void>;
  /**
   * A picture was uploaded: the server added it to the project at once (a new version), so the caller reloads
   * its list, or a project opened again from it would be the one before the picture, and its save a conflict.
   */
  onPictureAdded: () => void;
  /** The project's History panel (admin panel only), given whether the form holds unsaved changes. */
  history?: (dirty: boolean) => ReactNode;
}

const TEXTAREA = cx(
  "block min-h-28 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm transition-colors",
  "hover:border-slate-400 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600",
  "dark:border-slate-600 dark:bg-slate-800/80 dark:text-slate-100 dark:hover:border-slate-500 dark:focus:border-indigo-400 dark:focus:outline-indigo-400",
);

export function ProjectEditorModal({
  open,
  project,
  onClose,
  onSave,
  onPictureAdded,
  history,
}: ProjectEditorModalProps) {
  const [form, setForm] = useState<ProjectFormState>(() => projectFormFrom(project));
  const [error, setError] = useState<SaveError | null>(null);
  // The field a check refused, with the browser's (or our link rule's) words, shown under it.
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const errorOf = (field: string) => (invalid?.field === field ? invalid.message : null);
  const [busy, setBusy] = useState(false);
  // The project as the edit is based on: the one opened, or the current one after a conflict.
  const [base, setBase] = useState<Project | null>(project);
  const [conflict, setConflict] = useState<Project | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const id = useId();
  // Focus starts in the first field.
  const firstField = useRef<HTMLInputElement>(null);

  // A fresh form every time the modal opens (or opens on another project).
  useEffect(() => {
    if (open) {
      setForm(projectFormFrom(project));
      setError(null);
      setInvalid(null);
      setBase(project);
      setConflict(null);
    }
  }, [open, project]);

  // The history stays open across a restore (the same project, a new version), and closes for another one.
  const projectId = project?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger is opening, or another project.
  useEffect(() => setShowHistory(false), [open, projectId]);

  const dirty = open && isProjectFormDirty(form, base);
  useReportUnsaved(dirty);
  const guard = useDiscardGuard();
  const close = () => void guard(onClose, dirty);

  const set = <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // Enter adds the tag instead of submitting the form
    setForm(commitTag);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const field = (name: string) => formElement.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
    const refuse = (name: string, element: HTMLInputElement | HTMLTextAreaElement) => {
      setInvalid({ field: name, message: element.validationMessage });
      element.focus();
    };
    // Browser-level checks, in field order: required text first, then the two links by our own rule
    // (type=url alone would refuse a demo path such as /twitchheartwidget).
    for (const name of ["title", "description"]) {
      const element = field(name);
      element.setCustomValidity(
        element.value !== "" && element.value.trim() === "" ? "Please fill out this field." : "",
      );
      if (!element.checkValidity()) return refuse(name, element);
    }
    for (const [name, relative] of [
      ["github", false],
      ["externalLink", true],
    ] as const) {
      const element = field(name);
      const problem = linkProblem(element.value, relative);
      element.setCustomValidity(problem ?? "");
      if (problem) return refuse(name, element);
    }
    setInvalid(null);
    await saveOn(base);
  };

  const saveOn = async (on: Project | null) => {
    setBusy(true);
    setError(null);
    setConflict(null);
    try {
      await onSave(projectBodyFrom(form, on), on?.version);
    } catch (failure) {
      const stale = projectConflictFrom(failure);
      if (stale) setConflict(stale.current);
      else setError(failure instanceof SaveError ? failure : new SaveError(String(failure)));
    } finally {
      setBusy(false);
    }
  };

  const reapply = () => {
    if (!conflict) return;
    setBase(conflict);
    void saveOn(conflict);
  };

  const keepTheirs = () => {
    if (!conflict) return;
    setForm(projectFormFrom(conflict));
    setBase(conflict);
    setConflict(null);
  };

  // An upload is a version of its own: the edit goes on from it (someone else's edit meanwhile is a 409 as ever).
  const uploaded = (picture: ProjectPicture) => {
    setBase((b) => (b ? { ...b, version: b.version + 1, pictures: [...b.pictures, picture] } : b));
    setForm((f) => ({ ...f, pictures: [...f.pictures, picture] }));
    onPictureAdded();
  };

  const tagProblem = tagInputProblem(form);
  const clearValidity = (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    event.currentTarget.setCustomValidity("");
  const descriptionId = `${id}-description`;

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : close}
      title={project ? "Edit Project" : "Create Project"}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      testId="project-editor"
      initialFocus={firstField}
    >
      <form
        noValidate
        onSubmit={submit}
        className="space-y-4"
        aria-describedby={error || conflict ? `${id}-error` : undefined}
      >
        <TextField
          ref={firstField}
          id={`${id}-title`}
          label="Title"
          name="title"
          required
          maxLength={200}
          value={form.title}
          onInput={clearValidity}
          onValueChange={(value) => set("title", value)}
          error={errorOf("title")}
        />
        <div>
          <label htmlFor={`${id}-description`} className={FIELD_LABEL_CLASSES}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            required
            maxLength={5000}
            rows={4}
            value={form.description}
            onInput={clearValidity}
            onChange={(e) => set("description", e.target.value)}
            className={cx(TEXTAREA, errorOf("description") && "border-red-600 dark:border-red-400")}
            {...fieldDescription(descriptionId, undefined, errorOf("description"))}
          />
          <FieldError inputId={descriptionId} error={errorOf("description")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-github`}
            label="Code link (GitHub)"
            name="github"
            type="url"
            inputMode="url"
            placeholder="https://github.com/…"
            value={form.github}
            onInput={clearValidity}
            onValueChange={(value) => set("github", value)}
            hint="Optional. Left empty, the card shows no Code link."
            error={errorOf("github")}
          />
          <TextField
            id={`${id}-demo`}
            label="Demo link"
            name="externalLink"
            type="url"
            inputMode="url"
            placeholder="https://… or /path"
            value={form.externalLink}
            onInput={clearValidity}
            onValueChange={(value) => set("externalLink", value)}
            hint="Optional. A full URL, or a page of this site such as /twitchheartwidget."
            error={errorOf("externalLink")}
          />
        </div>
        <fieldset>
          <legend className={FIELD_LABEL_CLASSES}>Status</legend>
          <div className="flex flex-wrap gap-3">
            <StatusToggle
              label="Latest"
              hint="Shown as 'Last seen working on'"
              checked={form.isLatest}
              onChange={(v) => set("isLatest", v)}
            />
            <StatusToggle
              label="Archived"
              hint="Sorted last, with an Archived badge"
              checked={form.isArchived}
              onChange={(v) => set("isArchived", v)}
            />
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-tag`} className={FIELD_LABEL_CLASSES}>
            Tags
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-tag`}
              value={form.tagInput}
              onChange={(e) => set("tagInput", e.target.value)}
              onKeyDown={onTagKey}
              placeholder="e.g. TypeScript, then Enter"
              maxLength={40}
              className={INPUT_CLASSES}
              aria-describedby={`${id}-tag-hint`}
              aria-invalid={tagProblem ? true : undefined}
            />
            <Button variant="secondary" onClick={() => setForm(commitTag)} className="h-11 shrink-0">
              Add tag
            </Button>
          </div>
          <p id={`${id}-tag-hint`} className={cx(FIELD_HINT_CLASSES, tagProblem && "text-red-700 dark:text-red-300")}>
            {tagProblem ?? "Press Enter to add a tag. Empty and repeated tags are not added."}
          </p>
          {form.tags.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags of this project" data-testid="editor-tags">
              {form.tags.map((tag) => (
                <li
                  key={tag}
                  className={cx(
                    "inline-flex items-center gap-1 rounded-md py-0.5 pr-1 pl-2 text-xs font-medium",
                    tagClasses(tag),
                  )}
                >
                  {tag}
                  <button
                    type="button"
                    onClick={() => setForm((f) => removeTag(f, tag))}
                    aria-label={`Remove tag ${tag}`}
                    className={cx("rounded p-0.5 hover:bg-black/10 dark:hover:bg-white/10", FOCUS_RING)}
                  >
                    <CloseIcon size={12} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <TextField
          id={`${id}-slug`}
          label="Slug"
          name="slug"
          maxLength={80}
          value={form.slug}
          onInput={clearValidity}
          onValueChange={(value) => set("slug", value)}
          hint={
            project
              ? `The page's address: /projects/${form.slug || "…"}. The old address keeps leading here after a change.`
              : "Optional. Left empty, it is made from the title. Lowercase letters, digits and hyphens."
          }
          error={errorOf("slug")}
        />
        <div>
          {/* Not "Long description": a label holding "Description" would make the required field's ambiguous. */}
          <label htmlFor={`${id}-long`} className={FIELD_LABEL_CLASSES}>
            Page text (Markdown)
          </label>
          <textarea
            id={`${id}-long`}
            name="longDescription"
            maxLength={20000}
            rows={6}
            value={form.longDescription}
            onChange={(e) => set("longDescription", e.target.value)}
            className={TEXTAREA}
            aria-describedby={`${id}-long-hint`}
          />
          <p id={`${id}-long-hint`} className={FIELD_HINT_CLASSES}>
            Optional. The long description shown on the project's own page; Markdown, no raw HTML.
          </p>
        </div>
        <ProjectPictures
          projectId={project?._id ?? null}
          pictures={form.pictures}
          onChange={(pictures) => set("pictures", pictures)}
          onUploaded={uploaded}
        />
        <SaveErrorBox error={error} id={`${id}-error`} />
        {conflict ? (
          <ProjectConflictBox
            current={conflict}
            id={`${id}-error`}
            busy={busy}
            onReapply={reapply}
            onKeepTheirs={keepTheirs}
          />
        ) : null}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {project ? "Save Changes" : "Create Project"}
          </Button>
        </div>
      </form>
      {project && history ? (
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showHistory}
            aria-controls={`${id}-history`}
            onClick={() => setShowHistory((shown) => !shown)}
            data-testid="project-history-toggle"
          >
            {showHistory ? "Hide history" : "Show history"}
          </Button>
          <div id={`${id}-history`} className="mt-3" hidden={!showHistory}>
            {showHistory ? history(dirty) : null}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function StatusToggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label
      className={cx(
        "flex min-w-52 flex-1 cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors",
        checked
          ? "border-indigo-400 bg-indigo-50 dark:border-indigo-500/70 dark:bg-indigo-950/60"
          : "border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600",
      )}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 accent-indigo-600"
      />
      <span>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
      </span>
    </label>
  );
}
