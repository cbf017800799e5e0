/**
 * The project editor's picture list rules, as pure functions (the component only wires them): move one
 * up or down (by keyboard) or to another place (by drag), set the cover, edit alt text and caption, remove
 * with Undo. Each move says where the picture went, for the live region.
 */
import { type ProjectPicture, withOneCover } from "@portfolio/core/domain";

export function movePicture(list: readonly ProjectPicture[], from: number, to: number): ProjectPicture[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [moved] = out.splice(from, 1);
  if (moved) out.splice(to, 0, moved);
  return out;
}

export function setCover(list: readonly ProjectPicture[], hash: string): ProjectPicture[] {
  return list.map((p) => ({ ...p, cover: p.hash === hash }));
}

export function editPicture(
  list: readonly ProjectPicture[],
  hash: string,
  change: Partial<Pick<ProjectPicture, "alt" | "caption">>,
): ProjectPicture[] {
  return list.map((p) => (p.hash === hash ? { ...p, ...change } : p));
}

export interface RemovedPicture {
  picture: ProjectPicture;
  index: number;
}

/** The list without the picture (the cover passes to the first if it was the cover), and what Undo needs. */
export function removePicture(
  list: readonly ProjectPicture[],
  hash: string,
): { list: ProjectPicture[]; removed?: RemovedPicture } {
  const index = list.findIndex((p) => p.hash === hash);
  const picture = list[index];
  if (!picture) return { list: [...list] };
  return { list: withOneCover(list.filter((p) => p.hash !== hash)), removed: { picture, index } };
}

/** Puts a removed picture back where it was (and as the cover again if it was). */
export function undoRemove(list: readonly ProjectPicture[], removed: RemovedPicture): ProjectPicture[] {
  const out = [...list];
  out.splice(Math.min(removed.index, out.length), 0, removed.picture);
  return removed.picture.cover ? setCover(out, removed.picture.hash) : withOneCover(out);
}

export function pictureLabel(picture: ProjectPicture): string {
  return picture.alt.trim() === "" ? "Untitled picture" : picture.alt;
}

export function moveAnnouncement(picture: ProjectPicture, to: number, total: number): string {
  return `Moved ${pictureLabel(picture)} to position ${to + 1} of ${total}.`;
}

/** A picture as the editor holds it: the first file of a drop or a paste, or undefined. */
export function firstFile(files: FileList | readonly File[] | null | undefined): File | undefined {
  if (!files) return undefined;
  return Array.from(files)[0];
}
