/**
 * Where a project's own page lives: `/projects/<slug>`. Slugs have one form (slug.ts: lowercase ASCII letters,
 * digits and single hyphens, at most 80 characters), so a path with anything else names no page.
 */
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "./slug.ts";

export const PROJECT_PAGES_PREFIX = "/projects/";

/** The page of the project with `slug`. */
export function projectPagePath(slug: string): string {
  return `${PROJECT_PAGES_PREFIX}${slug}`;
}

/**
 * The slug a path asks for (`/projects/my-app`, `/projects/My-App/`), or null when the path is no project
 * page. Letters match without regard to case and trailing slashes are ignored, as for every route.
 */
export function slugOfProjectPath(pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, "").toLowerCase();
  if (!clean.startsWith(PROJECT_PAGES_PREFIX)) return null;
  const slug = clean.slice(PROJECT_PAGES_PREFIX.length);
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug) ? slug : null;
}
