/**
 * The public project list in pages: `GET /api/projects` with any of these answers one page in
 * the chosen sort, done by the database over the whole list, and `next` to continue. Browser-safe.
 * Without any of them the answer is every project (the spec's answer), as the site of a few dozen needs.
 */
import { z } from "zod";
import { BAD_PROJECTS_CURSOR, PROJECT_SORTS, PROJECTS_PAGE_MAX, PROJECTS_SEED_MAX } from "./projects-paging.ts";

const limitMessage = `limit must be 1 to ${PROJECTS_PAGE_MAX}.`;
const seedMessage = `seed must be an integer from 1 to ${PROJECTS_SEED_MAX}.`;

export const projectsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(PROJECTS_PAGE_MAX, limitMessage)
    .optional(),
  /** The `next` of the previous page (it carries the sort and seed it was made for). */
  cursor: z
    .string()
    .max(600, "cursor is too long.")
    .regex(/^[A-Za-z0-9_-]+$/, BAD_PROJECTS_CURSOR)
    .optional(),
  /** random (the visit's order, from `seed`), az, or status; absent: the list's own order (oldest first). */
  sort: z.enum(PROJECT_SORTS, { error: `sort must be one of ${PROJECT_SORTS.join(", ")}.` }).optional(),
  /**
   * az and status only: `desc` reads the order backwards (Z-A; the archived first, then the others, then the
   * latest, each still by title), for the admin table's second click on a column.
   */
  direction: z.enum(["asc", "desc"], { error: "direction must be asc or desc." }).optional(),
  /** The Random order's seed: the same seed gives the same order on every page. */
  seed: z.coerce
    .number({ error: seedMessage })
    .int(seedMessage)
    .min(1, seedMessage)
    .max(PROJECTS_SEED_MAX, seedMessage)
    .optional(),
});

export type ProjectsQuery = z.output<typeof projectsQuerySchema>;
