/**
 * Adding a picture to a project (`POST /api/projects/{id}/pictures`), in two steps so the slow one holds no
 * transaction: `preparePicture` checks and processes the upload (services/picture-process.ts); then, in one
 * transaction, `addPreparedPicture` stores the original and its variants (once per hash) and appends the
 * picture to the project through its edit, so it is a version, an audit entry and a sync change like any.
 */
import { Conflict, Invalid, NotFound } from "../domain/errors.ts";
import { PICTURE_MESSAGES } from "../domain/picture-messages.ts";
import { type KnownPicture, MAX_PICTURES, type ProjectPicture } from "../domain/pictures.ts";
import type { PictureUpload } from "../domain/pictures-schema.ts";
import type { Actor, Core } from "./context.ts";
import { picturesBySource, putMedia } from "./media.table.ts";
import { type ProcessedPicture, processPicture } from "./picture-process.ts";
import { assertCan } from "./policy.ts";
import { updateProject } from "./projects.service.ts";

async function currentPictures(
  core: Core,
  projectId: string,
): Promise<{ pictures: ProjectPicture[]; version: number }> {
  const row = await core.db
    .selectFrom("projects")
    .select(["pictures", "version"])
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (!row) throw new NotFound("Project not found.");
  return { pictures: JSON.parse(row.pictures) as ProjectPicture[], version: row.version };
}

/** The checks and the processing, outside any transaction: 404, a full list (400), then the bytes. */
export async function preparePicture(
  core: Core,
  actor: Actor,
  projectId: string,
  upload: PictureUpload,
): Promise<ProcessedPicture> {
  assertCan(actor, "projects.edit");
  const { pictures } = await currentPictures(core, projectId);
  if (pictures.length >= MAX_PICTURES) throw new Invalid(PICTURE_MESSAGES.tooMany);
  return processPicture(upload.file);
}

/** Call inside one transaction: the bytes stored and the project edited together. */
export async function addPreparedPicture(
  core: Core,
  actor: Actor,
  projectId: string,
  processed: ProcessedPicture,
  upload: PictureUpload,
): Promise<ProjectPicture> {
  assertCan(actor, "projects.edit");
  const at = core.now().toISOString();
  for (const item of [processed.original, ...processed.variants]) await putMedia(core.db, item, at);
  // Another edit committing meanwhile (another instance) is no reason to fail: read again and append.
  for (let attempt = 1; ; attempt++) {
    const { pictures, version } = await currentPictures(core, projectId);
    const already = pictures.find((p) => p.hash === processed.hash);
    if (already) return already;
    if (pictures.length >= MAX_PICTURES) throw new Invalid(PICTURE_MESSAGES.tooMany);
    const picture: ProjectPicture = {
      hash: processed.hash,
      alt: upload.alt,
      caption: upload.caption ?? "",
      width: processed.width,
      height: processed.height,
      cover: pictures.length === 0,
    };
    try {
      await updateProject(core, actor, projectId, { pictures: [...pictures, picture], version });
      return picture;
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= 3) throw error;
    }
  }
}

/** The stored pictures uploaded from these bytes (by their hash as uploaded): the desktop skips sending those. */
export async function knownPictures(core: Core, actor: Actor, sources: readonly string[]): Promise<KnownPicture[]> {
  assertCan(actor, "projects.edit");
  return picturesBySource(core.db, sources);
}
