/**
 * Nothing is lost for good (issue 26): a thing's history, restoring a version, and the trash. Browser-safe:
 * the UI compares versions with the same `changedKeys` the server's answers are built from.
 */
import { z } from "zod";
import { MAX_DB_INTEGER } from "./database-limits.ts";

export interface HistoryActor {
  id: string | null;
  username: string;
}

/** One version: what the thing looked like right after the change. */
export interface HistoryItem<F> {
  version: number;
  at: string;
  actor: HistoryActor | null;
  /** create | edit | restore | untrash | before-history */
  action: string;
  fields: F;
}

export interface HistoryAnswer<F> {
  items: HistoryItem<F>[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: number | null;
}

/** A project's own fields, as its history keeps them. */
export interface ProjectFieldsView {
  title: string;
  description: string;
  github: string | null;
  externalLink: string | null;
  tags: string[];
  isArchived: boolean;
  isLatest: boolean;
}

export type ProjectHistoryAnswer = HistoryAnswer<ProjectFieldsView>;

export interface TrashItem {
  type: "project";
  id: string;
  title: string;
  deletedAt: string;
  deletedBy: string;
  purgeAt: string;
}

export interface TrashAnswer {
  items: TrashItem[];
}

const versionNumber = (field: string) =>
  z
    .number({ error: `${field} must be a positive whole number.` })
    .int(`${field} must be a positive whole number.`)
    .positive(`${field} must be a positive whole number.`)
    .max(MAX_DB_INTEGER, `${field} must be at most ${MAX_DB_INTEGER}.`);

/** `?limit=&before=`, paged like the audit log: `before` is the `next` of the previous page. */
export const historyQuerySchema = z.object({
  before: z.coerce
    .number({ error: "before must be a number." })
    .int("before must be a whole number.")
    .min(0, "before must be a whole number, 0 or more.")
    .max(MAX_DB_INTEGER, `before must be at most ${MAX_DB_INTEGER}.`)
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int()
    .min(1, "limit must be 1 to 200.")
    .max(200, "limit must be 1 to 200.")
    .default(50),
});

/** `{version, baseVersion?}`: which version to bring back, and (like an edit's `version`) the one the editor saw. */
export const restoreBodySchema = z.object({
  version: versionNumber("version"),
  baseVersion: versionNumber("baseVersion").optional(),
});

/**
 * The edit that brings a project's version back: its fields, with a link the version did not have sent
 * empty (which clears it, as in an edit). The server's restore and the desktop's offline restore (an
 * ordinary queued edit) both send this.
 */
export function projectEditFromVersion(fields: ProjectFieldsView) {
  return {
    title: fields.title,
    description: fields.description,
    github: fields.github ?? "",
    externalLink: fields.externalLink ?? "",
    tags: fields.tags,
    isArchived: fields.isArchived,
    isLatest: fields.isLatest,
  };
}

/** The keys whose values differ between two versions (compared as JSON), in the order of `after`. */
export function changedKeys<F extends object>(before: F | undefined, after: F): (keyof F)[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof F)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
