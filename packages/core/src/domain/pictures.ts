/**
 * A project's pictures (screenshots, diagrams): their shape, their rules and the variants the server makes
 * of each. Browser-safe: the editor checks the same rules before it sends, and the public pages build
 * `srcset` from `pictureVariants` without asking the server. No zod here (its schemas are in
 * pictures-schema.ts): the public pages import these helpers, and a schema library in their bundle would
 * cost them more than the pages themselves.
 *
 * `hash` is the lowercase hex SHA-256 of the ORIGINAL as stored, that is AFTER its metadata (GPS, camera,
 * comments) was stripped: the bytes `GET /media/{hash}` answers, so anyone can check an answer against its
 * address. The same upload always strips to the same bytes, so it is stored once.
 */

export interface ProjectPicture {
  hash: string;
  alt: string;
  /** "" when the picture has none. */
  caption: string;
  /** The original's size in pixels. */
  width: number;
  height: number;
  /** Exactly one picture of a non-empty list is the cover (the home page's card and the share card show it). */
  cover: boolean;
}

/**
 * A picture the server stores, found by `source`: the SHA-256 of the bytes as they were uploaded (before
 * the server stripped their metadata). The desktop app asks with it before sending a picture added offline.
 */
export interface KnownPicture {
  source: string;
  hash: string;
  width: number;
  height: number;
}

/** The most hashes one `pictures.known` call may ask about. */
export const MAX_KNOWN_ASKED = 100;

export const MAX_PICTURES = 12;
export const MAX_ALT_LENGTH = 300;
export const MAX_CAPTION_LENGTH = 300;
/** The largest upload, in bytes: more is a 413. */
export const MAX_PICTURE_BYTES = 15 * 1024 * 1024;
/** The most pixels a picture may have, read from its header before anything decodes it. */
export const MAX_PICTURE_PIXELS = 40_000_000;
/**
 * The widths the server makes AVIF and WebP variants at. 720 is what a phone's full-width picture needs
 * (412 CSS px at a device pixel ratio of 1.75, docs/performance.md "The public pages"): without it such a
 * phone loaded the 960 variant, nearly twice the pixels, as a project page's largest paint.
 */
export const PICTURE_WIDTHS = [480, 720, 960, 1600] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export const PICTURE_FORMATS = ["avif", "webp"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/**
 * The variant widths that exist for a picture: those not wider than the original, and always the smallest
 * (480), which for a narrower original is made at the original's own width (never upscaled). A request for
 * a wider variant than exists is redirected (301) to the largest one that does.
 */
export function pictureVariants(picture: Pick<ProjectPicture, "width">): PictureWidth[] {
  const fitting = PICTURE_WIDTHS.filter((width) => width <= picture.width);
  return fitting.length > 0 ? fitting : [PICTURE_WIDTHS[0]];
}

/** The pixel width of a variant named `width` (the original's width when it is narrower). */
export function variantPixelWidth(picture: Pick<ProjectPicture, "width">, width: PictureWidth): number {
  return Math.min(width, picture.width);
}

/** `/media/{hash}` (the original) or `/media/{hash}/{width}.{format}` (a variant). */
export function mediaPath(hash: string, variant?: { width: PictureWidth; format: PictureFormat }): string {
  return variant ? `/media/${hash}/${variant.width}.${variant.format}` : `/media/${hash}`;
}

/** The list with exactly one cover when non-empty: the marked one, else the first. */
export function withOneCover<P extends { cover: boolean }>(list: readonly P[]): P[] {
  const coverAt = Math.max(
    0,
    list.findIndex((p) => p.cover),
  );
  return list.map((p, i) => ({ ...p, cover: i === coverAt }));
}

/** The picture shown on cards and share cards: the cover, if any. */
export function coverPicture<P extends { cover: boolean }>(list: readonly P[]): P | undefined {
  return list.find((p) => p.cover);
}
