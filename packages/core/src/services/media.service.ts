/**
 * What `GET /media/{hash}` and `GET /media/{hash}/{width}.{avif|webp}` answer: the stored original or
 * variant, or, for a variant wider than any made for that picture (it was never wider than the original),
 * the address of the largest one that exists (a permanent redirect: the mapping never changes).
 *
 * A variant the picture should have but lacks (it was stored before its width was in PICTURE_WIDTHS, e.g.
 * 720) is made from the original when first asked for and stored, so it is made once.
 */
import type { Db } from "../data/schema.ts";
import {
  mediaPath,
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  pictureVariants,
} from "../domain/pictures.ts";
import { findMedia, putMedia, readMediaBytes } from "./media.table.ts";
import { makeVariant } from "./picture-process.ts";

export type MediaAnswer =
  | { kind: "bytes"; contentType: string; bytes: Buffer }
  | { kind: "redirect"; location: string }
  | { kind: "none" };

const HASH = /^[0-9a-f]{64}$/;
const VARIANT = /^(\d+)\.(avif|webp)$/;

/** `file` is absent for the original, else `<width>.<format>`. */
export async function mediaAnswer(db: Db, hash: string, file?: string): Promise<MediaAnswer> {
  if (!HASH.test(hash)) return { kind: "none" };
  if (file === undefined) {
    const original = await findMedia(db, hash);
    return original
      ? { kind: "bytes", contentType: original.contentType, bytes: await readMediaBytes(db, hash) }
      : { kind: "none" };
  }
  const match = VARIANT.exec(file);
  const width = Number(match?.[1]) as PictureWidth;
  const format = match?.[2] as PictureFormat | undefined;
  if (!format || !PICTURE_FORMATS.includes(format) || !PICTURE_WIDTHS.includes(width)) return { kind: "none" };
  const key = `${hash}/${width}.${format}`;
  const variant = await findMedia(db, key);
  if (variant) return { kind: "bytes", contentType: variant.contentType, bytes: await readMediaBytes(db, key) };
  const original = await findMedia(db, hash);
  if (!original) return { kind: "none" };
  const variants = pictureVariants(original);
  if (variants.includes(width)) {
    const made = await makeVariant(
      { hash, width: original.width, bytes: await readMediaBytes(db, hash) },
      width,
      format,
    );
    // Its row and its chunks together; a request that made it meanwhile wins (putMedia keeps a stored key).
    await db.transaction().execute((trx) => putMedia(trx, made, new Date().toISOString()));
    return { kind: "bytes", contentType: made.contentType, bytes: Buffer.from(made.bytes) };
  }
  const largest = variants.at(-1) ?? PICTURE_WIDTHS[0];
  return largest < width
    ? { kind: "redirect", location: mediaPath(hash, { width: largest, format }) }
    : { kind: "none" };
}
