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
}

/** The pictures waiting to be uploaded, oldest first. */
export async function pendingPictures(db: LocalDb): Promise<PendingPicture[]> {
  const rows = await db
    .selectFrom("desktop_picture_uploads")
    .select(["hash", "project_id"])
    .orderBy("added_at")
    .orderBy("hash")
    .execute();
  return rows.map((row) => ({ hash: row.hash, projectId: row.project_id }));
}

/** Whether a picture (by its hash in the list) is still waiting to be uploaded. */
export async function isPending(db: LocalDb, hash: string): Promise<boolean> {
  const row = await db.selectFrom("desktop_picture_uploads").select("hash").where("hash", "=", hash).executeTakeFirst();
  return row !== undefined;
}

/** The picture's bytes kept on this computer, as a data: URL for the editor, or null when they are not here. */
export async function localPictureUrl(db: LocalDb, hash: string): Promise<string | null> {
  const stored = await findMedia(db, hash);
  if (!stored) return null;
  const bytes = await readMediaBytes(db, hash);
  return bytes.length === 0 ? null : `data:${stored.contentType};base64,${bytes.toString("base64")}`;
}
