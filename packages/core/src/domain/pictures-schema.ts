/**
 * The zod schemas of a project's pictures (domain/pictures.ts holds their shape, rules and messages), apart
 * from the helpers the public pages import, so those pages never load zod.
 */
import { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";
import { PICTURE_MESSAGES } from "./picture-messages.ts";
import {
  MAX_ALT_LENGTH,
  MAX_CAPTION_LENGTH,
  MAX_KNOWN_ASKED,
  MAX_PICTURES,
  type ProjectPicture,
  withOneCover,
} from "./pictures.ts";

export const pictureHashSchema = z
  .string({ error: PICTURE_MESSAGES.hash })
  .regex(/^[0-9a-f]{64}$/, PICTURE_MESSAGES.hash);

export const altSchema = z
  .string({ error: PICTURE_MESSAGES.altRequired })
  .trim()
  .min(1, PICTURE_MESSAGES.altRequired)
  .max(MAX_ALT_LENGTH, PICTURE_MESSAGES.altLength)
  .refine(...withoutControlCharacters("Alt text"));

export const captionSchema = z
  .string({ error: "Caption must be text." })
  .trim()
  .max(MAX_CAPTION_LENGTH, PICTURE_MESSAGES.captionLength)
  .refine(...withoutControlCharacters("Caption"));

const dimension = z
  .number({ error: PICTURE_MESSAGES.size })
  .int(PICTURE_MESSAGES.size)
  .positive(PICTURE_MESSAGES.size)
  .max(100_000, PICTURE_MESSAGES.size);

export const pictureSchema = z
  .object({
    hash: pictureHashSchema,
    alt: altSchema,
    caption: captionSchema.optional().transform((caption) => caption ?? ""),
    // The server takes the size from the stored original; the editor sends what it was answered.
    width: dimension,
    height: dimension,
    cover: z
      .boolean({ error: "cover must be true or false." })
      .optional()
      .transform((cover) => cover ?? false),
  })
  .strict();

/**
 * A project's pictures in display order: at most 12, each once, at most one marked cover; with none
 * marked the first is the cover (so a list always has exactly one when it has any).
 */
export const picturesSchema = z
  .array(pictureSchema, { error: "pictures must be a list." })
  .max(MAX_PICTURES, PICTURE_MESSAGES.tooMany)
  .refine((list) => list.filter((p) => p.cover).length <= 1, PICTURE_MESSAGES.oneCover)
  .refine((list) => new Set(list.map((p) => p.hash)).size === list.length, PICTURE_MESSAGES.duplicate)
  .transform((list): ProjectPicture[] => withOneCover(list));

/**
 * `POST /api/projects/{id}/pictures` as multipart/form-data: the picture's bytes in `file` (judged by the
 * bytes, whatever its name or declared type), its alt text and an optional caption.
 */
export const pictureUploadSchema = z.object({
  alt: altSchema,
  caption: captionSchema.optional(),
  file: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array && value.length > 0, {
      error: PICTURE_MESSAGES.fileRequired,
    })
    .meta({ type: "string", format: "binary" }),
});
export type PictureUpload = z.output<typeof pictureUploadSchema>;

/** `POST /api/pictures/known`: which of these pictures, by the hash of their bytes as uploaded, are stored. */
export const knownPicturesBodySchema = z.strictObject({
  hashes: z
    .array(pictureHashSchema, { error: "hashes must be a list." })
    .min(1, "hashes must name at least one picture.")
    .max(MAX_KNOWN_ASKED, `hashes may name at most ${MAX_KNOWN_ASKED} pictures.`),
});
