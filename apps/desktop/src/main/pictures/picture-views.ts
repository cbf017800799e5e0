/**
 * The editor's last view of each picture whose bytes are not in the local `media` table: the server's small
 * WebP fetched while online, or, for a picture added here, its own bytes kept when the upload put the server's
 * picture in its place. So a picture the editor has shown once still shows offline, instead of the sentence
 * that it is not on this computer. Views of pictures no local project lists any more are forgotten after
 * each sync (`forgetUnlistedViews`).
 */
import { sql } from "kysely";
import type { LocalDb } from "../sync/outbox.ts";

export interface PictureView {
  contentType: string;
  bytes: Buffer;
}

/** Keeps (or replaces) the view of `hash`. */
export async function keepView(db: LocalDb, hash: string, view: PictureView, at: Date): Promise<void> {
  const row = { content_type: view.contentType, bytes: view.bytes, kept_at: at.toISOString() };
  await db
    .insertInto("desktop_picture_views")
    .values({ hash, ...row })
    .onConflict((oc) => oc.column("hash").doUpdateSet(row))
    .execute();
}

/** The kept view of `hash`, if any. */
export async function keptView(db: LocalDb, hash: string): Promise<PictureView | undefined> {
  const row = await db
    .selectFrom("desktop_picture_views")
    .select(["content_type", "bytes"])
    .where("hash", "=", hash)
    .executeTakeFirst();
  return row && { contentType: row.content_type, bytes: row.bytes };
}

/** Forgets the views of pictures no local project lists (removed, or their project deleted). */
export async function forgetUnlistedViews(db: LocalDb): Promise<void> {
  await sql`
    DELETE FROM desktop_picture_views WHERE hash NOT IN (
      SELECT json_extract(picture.value, '$.hash') FROM projects, json_each(projects.pictures) AS picture
    )`.execute(db);
}
