/**
 * What a refused picture is told. A module of its own, apart from pictures.ts: the public site's entry chunk
 * holds pictures.ts (the cards' sources), and only the editors' screens and the server need these words
 * (docs/performance.md, "The public pages": the entry's bytes are budgeted).
 */
import { MAX_ALT_LENGTH, MAX_CAPTION_LENGTH, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, MAX_PICTURES } from "./pictures.ts";

export const PICTURE_MESSAGES = {
  altRequired: "Alt text is required.",
  altLength: `Alt text must be at most ${MAX_ALT_LENGTH} characters.`,
  captionLength: `Caption must be at most ${MAX_CAPTION_LENGTH} characters.`,
  tooMany: `A project can have at most ${MAX_PICTURES} pictures.`,
  oneCover: "Only one picture can be the cover.",
  duplicate: "A picture can be in a project's list only once.",
  hash: "A picture's hash must be 64 lowercase hexadecimal characters.",
  size: "A picture's width and height must be positive whole numbers.",
  tooLarge: `A picture may be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `A picture may have at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels.`,
  refusedType: "Only PNG, JPEG, WebP, AVIF and GIF pictures are accepted (SVG is not).",
  unreadable: "This picture could not be read: the file is damaged or not a picture.",
  fileRequired: "Choose a picture file to upload.",
  notUploaded: "A picture in the list was never uploaded: upload it first.",
} as const;
