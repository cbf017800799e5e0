/**
 * A project's slug: the last part of its page's address (`/projects/<slug>`). Made from the title once, at
 * creation: lowercase ASCII, diacritics folded, every run of other characters one hyphen, at most 80
 * characters, unique with `-2`, `-3` suffixes. A later title change keeps it (links stay valid); an edit may
 * set another, and the old one keeps redirecting. Browser-safe, without zod (the schema is in slug-schema.ts:
 * the built-in projects, on every public page, use slugify).
 */
export const MAX_SLUG_LENGTH = 80;
/** A slug's form: lowercase letters and digits, single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a title with no letter or digit in it becomes. */
const EMPTY_SLUG = "project";

export function slugify(title: string): string {
  const folded = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = folded.slice(0, MAX_SLUG_LENGTH).replace(/-+$/g, "");
  return cut === "" ? EMPTY_SLUG : cut;
}

/** The n-th candidate for `base` (1: itself, then `base-2`, `base-3`...), cut so the whole fits 80 characters. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/g, "")}${suffix}`;
}

export const SLUG_MESSAGES = {
  format: "Slug may contain only lowercase letters, digits and single hyphens between them.",
  length: `Slug must be at most ${MAX_SLUG_LENGTH} characters.`,
  required: "Slug is required.",
  taken: "Slug is already used by another project.",
} as const;
