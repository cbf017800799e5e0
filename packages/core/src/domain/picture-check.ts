/**
 * The checks an upload passes before anything decodes it, cheapest first: the size (413), the type sniffed
 * from the bytes (415: SVG and every other kind), the header readable, and the pixel count read from the
 * header (400 past 40 megapixels, so a decompression bomb is never decoded). Browser-safe: the server runs
 * them before sharp, and the desktop app, which has no sharp, runs the same ones on a picture added offline.
 */
import { Invalid, TooLarge, UnsupportedType } from "./errors.ts";
import { type PictureSize, type PictureType, pictureHeaderSize, sniffPictureType } from "./picture-header.ts";
import { PICTURE_MESSAGES } from "./picture-messages.ts";
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS } from "./pictures.ts";

export interface CheckedPicture extends PictureSize {
  type: PictureType;
}

/** Throws the answer's error (with PICTURE_MESSAGES' words), else what the header says. */
export function checkPictureBytes(bytes: Uint8Array): CheckedPicture {
  if (bytes.length > MAX_PICTURE_BYTES) throw new TooLarge(PICTURE_MESSAGES.tooLarge);
  const type = sniffPictureType(bytes);
  if (!type) throw new UnsupportedType(PICTURE_MESSAGES.refusedType);
  const size = pictureHeaderSize(type, bytes);
  if (!size) throw new Invalid(PICTURE_MESSAGES.unreadable);
  if (size.width * size.height > MAX_PICTURE_PIXELS) throw new Invalid(PICTURE_MESSAGES.tooManyPixels);
  return { type, ...size };
}
