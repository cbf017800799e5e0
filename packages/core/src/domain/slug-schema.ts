/** The zod schema of a slug set by hand (domain/slug.ts holds the rules), apart so slugify's users never load zod. */
import { z } from "zod";
import { MAX_SLUG_LENGTH, SLUG_MESSAGES, SLUG_PATTERN } from "./slug.ts";

/** A slug the editor sets by hand: already in the slug's form (the editor offers `slugify` of what is typed). */
export const slugSchema = z
  .string({ error: SLUG_MESSAGES.required })
  .trim()
  .min(1, SLUG_MESSAGES.required)
  .max(MAX_SLUG_LENGTH, SLUG_MESSAGES.length)
  .regex(SLUG_PATTERN, SLUG_MESSAGES.format);
