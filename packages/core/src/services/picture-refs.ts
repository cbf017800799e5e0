/**
 * A project's picture list as it is saved: every picture must have been uploaded (its original is in
 * `media`), and its width and height are the stored original's, whatever the client sent. A picture the
 * project's list already holds passed that check when it joined, and keeps its size as listed: on the server
 * its original is there as long as a list names it (picture-gc.ts), and the desktop app, which holds the
 * server's pictures by their list only (not their bytes), can still reorder them or add one beside them.
 */
import type { Db } from "../data/schema.ts";
import { Invalid } from "../domain/errors.ts";
import { PICTURE_MESSAGES } from "../domain/picture-messages.ts";
import type { ProjectPicture } from "../domain/pictures.ts";

export async function storedPictures(
  db: Db,
  pictures: readonly ProjectPicture[],
  listed: readonly ProjectPicture[] = [],
): Promise<ProjectPicture[]> {
  return (await storedPictureLists(db, [pictures], [listed]))[0] ?? [];
}

/** `storedPictures` for many projects' lists, each beside what its project already lists, in one read. */
export async function storedPictureLists(
  db: Db,
  lists: readonly (readonly ProjectPicture[])[],
  listed: readonly (readonly ProjectPicture[])[] = [],
): Promise<ProjectPicture[][]> {
  const known = lists.map((_, index) => new Map((listed[index] ?? []).map((p) => [p.hash, p])));
  const hashes = [
    ...new Set(
      lists.flatMap((pictures, index) => pictures.filter((p) => !known[index]?.has(p.hash)).map((p) => p.hash)),
    ),
  ];
  const rows =
    hashes.length === 0
      ? []
      : await db.selectFrom("media").select(["key", "width", "height"]).where("key", "in", hashes).execute();
  const byHash = new Map(rows.map((row) => [row.key, row]));
  return lists.map((pictures, index) =>
    pictures.map((picture) => {
      const stored = byHash.get(picture.hash) ?? known[index]?.get(picture.hash);
      if (!stored) throw new Invalid(PICTURE_MESSAGES.notUploaded);
      return { ...picture, width: stored.width, height: stored.height };
    }),
  );
}
