/**
 * Pictures added in the desktop app, online or not (docs/design.md §5). The desktop has no sharp (Electron
 * would need its own native build of it), so it keeps the ORIGINAL bytes as chosen, in the core's `media`
 * table keyed by their SHA-256 and chunked like the server's, after the checks the server runs before it
 * decodes anything (the core's `checkPictureBytes`: same limits, same messages). The picture joins the
 * project's list through the core's own `addPreparedPicture` (a local edit, so an outbox op like any), and
 * a `desktop_picture_uploads` row marks it pending until the sync uploads it (sync/upload-pictures.ts).
 */
import { createHash } from "node:crypto";
import {
  checkPictureBytes,
  PICTURE_CONTENT_TYPES,
  type PictureUpload,
  type ProjectPicture,
} from "@portfolio/core/domain";
import { type Actor, addPreparedPicture, type Core, findMedia, readMediaBytes } from "@portfolio/core/services";
import type { DesktopTables } from "../sync/local-schema.ts";
import type { LocalDb } from "../sync/outbox.ts";
import type { PictureView } from "./picture-views.ts";

export interface AddPictureInput extends PictureUpload {
  id: string;
}

export async function addLocalPicture(core: Core, actor: Actor, input: AddPictureInput): Promise<ProjectPicture> {
  const { id, ...upload } = input;
  const checked = checkPictureBytes(upload.file);
  const hash = createHash("sha256").update(upload.file).digest("hex");
  const original = {
    key: hash,
    hash,
    contentType: PICTURE_CONTENT_TYPES[checked.type],
    width: checked.width,
    height: checked.height,
    bytes: upload.file,
    sourceHash: hash,
  };
  const at = core.now().toISOString();
  // The bytes, the list and the pending mark together, or none of them.
  return core.db.transaction().execute(async (trx) => {
    const picture = await addPreparedPicture(
      { ...core, db: trx },
      actor,
      id,
      { hash, width: checked.width, height: checked.height, original, variants: [] },
      upload,
    );
    await trx
      .withTables<Pick<DesktopTables, "desktop_picture_uploads">>()
      .insertInto("desktop_picture_uploads")
      .values({ hash, project_id: id, added_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return picture;
  });
}

export interface PendingPicture {
  hash: string;
  projectId: string;
  /** The server refused it for good: not sent again (sync/upload-pictures.ts). */
  refused: boolean;
}

/** The pictures waiting to be uploaded, oldest first. */
export async function pendingPictures(db: LocalDb): Promise<PendingPicture[]> {
  const rows = await db
    .selectFrom("desktop_picture_uploads")
    .select(["hash", "project_id", "refused"])
    .orderBy("added_at")
    .orderBy("hash")
    .execute();
  return rows.map((row) => ({ hash: row.hash, projectId: row.project_id, refused: row.refused === 1 }));
}

/**
 * A picture's upload, by its hash in the list: undefined when none waits (it is on the server, or came from
 * it), else `refused`, the server's reason when it refused the picture for good (null while it is only waiting).
 */
export async function uploadState(db: LocalDb, hash: string): Promise<{ refused: string | null } | undefined> {
  const row = await db
    .selectFrom("desktop_picture_uploads")
    .select(["refused", "last_error"])
    .where("hash", "=", hash)
    .orderBy("refused", "desc")
    .executeTakeFirst();
  return row && { refused: row.refused === 1 ? row.last_error : null };
}

/** The picture's bytes kept on this computer, or undefined when they are not here. */
export async function localPicture(db: LocalDb, hash: string): Promise<PictureView | undefined> {
  const stored = await findMedia(db, hash);
  if (!stored) return undefined;
  const bytes = await readMediaBytes(db, hash);
  return bytes.length === 0 ? undefined : { contentType: stored.contentType, bytes };
}
