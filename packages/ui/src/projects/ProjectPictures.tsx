/**
 * The project editor's Pictures section (domain/pictures.ts). A picture is added by the file picker, by
 * dropping a file on the drop zone, or by pasting one; it is uploaded with its alt text (required, with a
 * clear message) and an optional caption, and joins the list at once (the upload is its own version). The
 * list is then edited with the form and saved with it: reorder by drag or by the Move up / Move down buttons
 * (each move announced in a live region), set the cover, edit alt text and caption, remove with Undo.
 */
import { altSchema, firstError, PICTURE_MESSAGES, type ProjectPicture } from "@portfolio/core/domain";
import { type ClipboardEvent, type DragEvent, useId, useRef, useState } from "react";
import { errorMessage } from "../api/api-client.ts";
import { useApi } from "../auth/auth-context.tsx";
import { Button, FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { FIELD_HINT_CLASSES, FIELD_LABEL_CLASSES, INPUT_CLASSES } from "../components/FormField.tsx";
import {
  editPicture,
  firstFile,
  moveAnnouncement,
  movePicture,
  pictureLabel,
  type RemovedPicture,
  removePicture,
  setCover,
  undoRemove,
} from "./picture-list.ts";
import { PictureThumb } from "./picture-thumb.tsx";

export interface ProjectPicturesProps {
  /** The project's id; null while it is being created (pictures come after the first save). */
  projectId: string | null;
  pictures: ProjectPicture[];
  onChange: (pictures: ProjectPicture[]) => void;
  /** An upload appended `picture` to the project on the server (a new version). */
  onUploaded: (picture: ProjectPicture) => void;
}

export function ProjectPictures({ projectId, pictures, onChange, onUploaded }: ProjectPicturesProps) {
  const api = useApi();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [removed, setRemoved] = useState<RemovedPicture | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const altField = useRef<HTMLInputElement>(null);

  if (!projectId) {
    return (
      <section aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`} className={FIELD_LABEL_CLASSES}>
          Pictures
        </h3>
        <p className={FIELD_HINT_CLASSES}>Create the project first, then add its pictures.</p>
      </section>
    );
  }

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setProblem(null);
    altField.current?.focus();
  };

  const upload = async () => {
    if (!file) return setProblem(PICTURE_MESSAGES.fileRequired);
    const altProblem = firstError(altSchema, alt);
    if (altProblem) {
      setProblem(altProblem);
      altField.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const picture = await api.call("projects.pictures.add", {
        id: projectId,
        file: bytes,
        alt: alt.trim(),
        ...(caption.trim() === "" ? {} : { caption: caption.trim() }),
      });
      onUploaded(picture);
      setAnnouncement(`Added ${pictureLabel(picture)}.`);
      setFile(null);
      setAlt("");
      setCaption("");
      if (picker.current) picker.current.value = "";
    } catch (failure) {
      setProblem(errorMessage(failure, "The picture could not be uploaded.", "The server could not be reached."));
    } finally {
      setBusy(false);
    }
  };

  const move = (from: number, to: number) => {
    const picture = pictures[from];
    if (!picture || to < 0 || to >= pictures.length) return;
    onChange(movePicture(pictures, from, to));
    setAnnouncement(moveAnnouncement(picture, to, pictures.length));
  };

  const remove = (hash: string) => {
    const result = removePicture(pictures, hash);
    onChange(result.list);
    if (result.removed) {
      setRemoved(result.removed);
      setAnnouncement(`Removed ${pictureLabel(result.removed.picture)}.`);
    }
  };

  const undo = () => {
    if (!removed) return;
    onChange(undoRemove(pictures, removed));
    setAnnouncement(`Put back ${pictureLabel(removed.picture)}.`);
    setRemoved(null);
  };

  const onDropFile = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    choose(firstFile(event.dataTransfer.files));
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const pasted = firstFile(event.clipboardData.files);
    if (!pasted) return;
    event.preventDefault();
    choose(pasted);
  };

  return (
    <section aria-labelledby={`${id}-heading`} data-testid="project-pictures" onPaste={onPaste}>
      <h3 id={`${id}-heading`} className={FIELD_LABEL_CLASSES}>
        Pictures
      </h3>
      <fieldset
        aria-label="Add a picture"
        className="rounded-xl border border-dashed border-slate-300 p-3 dark:border-slate-600"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDropFile}
        data-testid="picture-drop-zone"
      >
        <p className={FIELD_HINT_CLASSES} id={`${id}-drop-hint`}>
          Choose a file, drop one here, or paste one. PNG, JPEG, WebP, AVIF or GIF, at most 15 MB; up to 12 pictures.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-file`} className={FIELD_LABEL_CLASSES}>
              Picture file
            </label>
            <input
              ref={picker}
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/avif,image/gif"
              onChange={(event) => choose(firstFile(event.currentTarget.files))}
              className="block w-full text-sm"
              aria-describedby={`${id}-drop-hint`}
            />
            {file ? (
              <p className={FIELD_HINT_CLASSES} data-testid="picture-chosen">
                Chosen: {file.name || "pasted picture"}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={`${id}-alt`} className={FIELD_LABEL_CLASSES}>
              Alt text (required)
            </label>
            <input
              ref={altField}
              id={`${id}-alt`}
              value={alt}
              maxLength={300}
              onChange={(event) => setAlt(event.target.value)}
              className={INPUT_CLASSES}
              aria-invalid={problem === PICTURE_MESSAGES.altRequired ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <div>
            <label htmlFor={`${id}-caption`} className={FIELD_LABEL_CLASSES}>
              Caption (optional)
            </label>
            <input
              id={`${id}-caption`}
              value={caption}
              maxLength={300}
              onChange={(event) => setCaption(event.target.value)}
              className={INPUT_CLASSES}
            />
          </div>
          <div className="flex items-end">
            <Button variant="secondary" onClick={() => void upload()} loading={busy} className="h-11">
              Add picture
            </Button>
          </div>
        </div>
        {problem ? (
          <p
            id={`${id}-problem`}
            role="alert"
            className="mt-2 text-sm text-red-700 dark:text-red-300"
            data-testid="picture-problem"
          >
            {problem}
          </p>
        ) : null}
      </fieldset>
      {pictures.length > 0 ? (
        <ol className="mt-3 space-y-2" aria-label="Pictures of this project" data-testid="editor-pictures">
          {pictures.map((picture, index) => (
            <li
              key={picture.hash}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null) move(dragging, index);
                setDragging(null);
              }}
              className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
              data-testid="editor-picture"
            >
              <PictureThumb picture={picture} />
              <div className="min-w-48 flex-1 space-y-1">
                <label className="block text-xs font-medium" htmlFor={`${id}-alt-${index}`}>
                  Alt text of picture {index + 1}
                </label>
                <input
                  id={`${id}-alt-${index}`}
                  value={picture.alt}
                  maxLength={300}
                  required
                  onChange={(event) => onChange(editPicture(pictures, picture.hash, { alt: event.target.value }))}
                  className={INPUT_CLASSES}
                />
                <label className="block text-xs font-medium" htmlFor={`${id}-caption-${index}`}>
                  Caption of picture {index + 1}
                </label>
                <input
                  id={`${id}-caption-${index}`}
                  value={picture.caption}
                  maxLength={300}
                  onChange={(event) => onChange(editPicture(pictures, picture.hash, { caption: event.target.value }))}
                  className={INPUT_CLASSES}
                />
              </div>
              <div className="flex flex-col gap-1">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-cover`}
                    checked={picture.cover}
                    onChange={() => {
                      onChange(setCover(pictures, picture.hash));
                      setAnnouncement(`${pictureLabel(picture)} is the cover.`);
                    }}
                    className={cx("size-4 accent-indigo-600", FOCUS_RING)}
                  />
                  Cover
                </label>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move up: ${pictureLabel(picture)}`}
                >
                  Move up
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === pictures.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move down: ${pictureLabel(picture)}`}
                >
                  Move down
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => remove(picture.hash)}
                  aria-label={`Remove: ${pictureLabel(picture)}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {removed ? (
        <p className="mt-2 flex items-center gap-2 text-sm" data-testid="picture-removed">
          Removed {pictureLabel(removed.picture)}.
          <Button size="sm" variant="secondary" onClick={undo}>
            Undo
          </Button>
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only" data-testid="picture-announcement">
        {announcement}
      </p>
    </section>
  );
}
