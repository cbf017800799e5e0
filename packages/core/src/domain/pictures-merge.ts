/**
 * Two edits of one project's picture list made apart (a desktop offline, the web meanwhile) are merged, not
 * one written over the other (docs/design.md §5): a three-way merge against the list both started from.
 *
 * - Order: mine (the desktop's), then pictures only the server added, in the server's order.
 * - A picture either side removed stays removed; one either side added is kept.
 * - A picture's alt text and caption: mine where I changed them, else the server's.
 * - The cover: mine if I moved it, else the server's if that picture is still in; else the first.
 *
 * Without the base (a version never kept) the lists are united: mine, then the server's others.
 */
import { type ProjectPicture, withOneCover } from "./pictures.ts";

export function mergePictureLists(
  base: readonly ProjectPicture[] | undefined,
  server: readonly ProjectPicture[],
  mine: readonly ProjectPicture[],
): ProjectPicture[] {
  const inBase = new Map((base ?? []).map((p) => [p.hash, p]));
  const onServer = new Map(server.map((p) => [p.hash, p]));
  const serverRemoved = (hash: string) => base !== undefined && inBase.has(hash) && !onServer.has(hash);
  const merged: ProjectPicture[] = [];
  for (const picture of mine) {
    if (serverRemoved(picture.hash)) continue;
    const was = inBase.get(picture.hash);
    const theirs = onServer.get(picture.hash);
    merged.push({
      ...picture,
      alt: was && theirs && picture.alt === was.alt ? theirs.alt : picture.alt,
      caption: was && theirs && picture.caption === was.caption ? theirs.caption : picture.caption,
    });
  }
  const mineHas = new Set(mine.map((p) => p.hash));
  for (const picture of server) {
    // Added on the server (not in the base), or, without a base, any the desktop lacks.
    if (!mineHas.has(picture.hash) && (base === undefined || !inBase.has(picture.hash))) merged.push(picture);
  }
  const baseCover = (base ?? []).find((p) => p.cover)?.hash;
  const myCover = mine.find((p) => p.cover)?.hash;
  const serverCover = server.find((p) => p.cover)?.hash;
  const cover = myCover !== baseCover || base === undefined ? myCover : serverCover;
  const chosen = merged.some((p) => p.hash === cover) ? cover : undefined;
  return withOneCover(merged.map((p) => ({ ...p, cover: p.hash === chosen })));
}
