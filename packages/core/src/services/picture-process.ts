/**
 * Turns an upload into what is stored: the original with its metadata stripped and its AVIF and WebP
 * variants (domain/pictures.ts). The bytes are judged before anything decodes them (domain/picture-check.ts:
 * size, type, header, pixel count); sharp's `limitInputPixels` is the second guard should a header lie.
 *
 * The stored original is re-encoded by sharp, which keeps no metadata (GPS, camera, comments): PNG stays
 * lossless PNG, JPEG, WebP and AVIF are re-encoded in their own format at high quality, and a GIF keeps its
 * first frame, as a PNG. Its hash is the SHA-256 of those stored bytes; the same upload strips to the same
 * bytes, so it is stored once. sharp is loaded on first use, never at start.
 */
import { createHash } from "node:crypto";
import type { Sharp, SharpConstructor } from "sharp";
import { Invalid } from "../domain/errors.ts";
import { checkPictureBytes } from "../domain/picture-check.ts";
import { PICTURE_CONTENT_TYPES, type PictureType } from "../domain/picture-header.ts";
import { PICTURE_MESSAGES } from "../domain/picture-messages.ts";
import {
  MAX_PICTURE_PIXELS,
  PICTURE_FORMATS,
  type PictureFormat,
  type PictureWidth,
  pictureVariants,
  variantPixelWidth,
} from "../domain/pictures.ts";
import type { MediaItem } from "./media.table.ts";

export interface ProcessedPicture {
  hash: string;
  width: number;
  height: number;
  original: MediaItem;
  variants: MediaItem[];
}

let loaded: Promise<SharpConstructor> | undefined;
function loadSharp(): Promise<SharpConstructor> {
  loaded ??= import("sharp").then((module) => module.default);
  return loaded;
}

/** Re-encodes in the stored format: metadata is dropped (sharp keeps none unless asked). */
function encodeOriginal(image: Sharp, type: PictureType): { image: Sharp; contentType: string } {
  switch (type) {
    case "jpeg":
      return { image: image.jpeg({ quality: 92 }), contentType: PICTURE_CONTENT_TYPES.jpeg };
    case "webp":
      return { image: image.webp({ quality: 92 }), contentType: PICTURE_CONTENT_TYPES.webp };
    case "avif":
      return { image: image.avif({ quality: 70, effort: 3 }), contentType: PICTURE_CONTENT_TYPES.avif };
    default:
      // PNG, and a GIF's first frame: lossless.
      return { image: image.png(), contentType: PICTURE_CONTENT_TYPES.png };
  }
}

function encodeVariant(image: Sharp, format: PictureFormat): Sharp {
  return format === "avif" ? image.avif({ quality: 55, effort: 3 }) : image.webp({ quality: 78 });
}

/** A stored original: its hash, its width in pixels and its bytes. */
export interface StoredOriginal {
  hash: string;
  width: number;
  bytes: Uint8Array;
}

/**
 * One variant of a stored original: `name` px wide, or the original's own width when it is narrower.
 * Uploads make all of them; media.service.ts makes the one a picture stored before its width was in
 * PICTURE_WIDTHS lacks, when it is first asked for.
 */
export async function makeVariant(
  { hash, width, bytes }: StoredOriginal,
  name: PictureWidth,
  format: PictureFormat,
): Promise<MediaItem> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, animated: false, failOn: "error" });
  const out = await encodeVariant(image.resize({ width: variantPixelWidth({ width }, name) }), format).toBuffer({
    resolveWithObject: true,
  });
  return {
    key: `${hash}/${name}.${format}`,
    hash,
    contentType: `image/${format}`,
    width: out.info.width,
    height: out.info.height,
    bytes: out.data,
  };
}

export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture> {
  const { type } = checkPictureBytes(bytes);
  const sharp = await loadSharp();
  // First frame only (a GIF's), every pixel count checked again by libvips, EXIF orientation applied.
  const open = (input: Uint8Array | Buffer) =>
    sharp(input, { limitInputPixels: MAX_PICTURE_PIXELS, animated: false, failOn: "error" });
  let stored: { data: Buffer; info: { width: number; height: number } };
  let contentType: string;
  try {
    const encoded = encodeOriginal(open(bytes).rotate(), type);
    contentType = encoded.contentType;
    stored = await encoded.image.toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) throw new Invalid(PICTURE_MESSAGES.tooManyPixels);
    throw new Invalid(PICTURE_MESSAGES.unreadable);
  }
  const hash = createHash("sha256").update(stored.data).digest("hex");
  const { width, height } = stored.info;
  const sourceHash = createHash("sha256").update(bytes).digest("hex");
  const original: MediaItem = { key: hash, hash, contentType, width, height, bytes: stored.data, sourceHash };
  const variants: MediaItem[] = [];
  for (const name of pictureVariants({ width })) {
    for (const format of PICTURE_FORMATS)
      variants.push(await makeVariant({ hash, width, bytes: stored.data }, name, format));
  }
  return { hash, width, height, original, variants };
}
