/**
 * A project's picture list as it is saved: every picture must have been uploaded (its original is in
 * `media`), and its width and height are the stored original's, whatever the client sent.
 */
import type { Db } from "../data/schema.ts";
import { Invalid } from "../domain/errors.ts";
import { PICTURE_MESSAGES, type ProjectPicture } from "../domain/pictures.ts";

export async function storedPictures(db: Db, pictures: readonly ProjectPicture[]): Promise<ProjectPicture[]> {
  return (await storedPictureLists(db, [pictures]))[0] ?? [];
}

/** `storedPictures` for many projects' lists, in one read. */
export async function storedPictureLists(
  db: Db,
  lists: readonly (readonly ProjectPicture[])[],
): Promise<ProjectPicture[][]> {
  const hashes = [...new Set(lists.flatMap((pictures) => pictures.map((p) => p.hash)))];
  if (hashes.length === 0) return lists.map(() => []);
  const rows = await db.selectFrom("media").select(["key", "width", "height"]).where("key", "in", hashes).execute();
  const byHash = new Map(rows.map((row) => [row.key, row]));
  return lists.map((pictures) =>
    pictures.map((picture) => {
      const stored = byHash.get(picture.hash);
      if (!stored) throw new Invalid(PICTURE_MESSAGES.notUploaded);
      return { ...picture, width: stored.width, height: stored.height };
    }),
  );
}
