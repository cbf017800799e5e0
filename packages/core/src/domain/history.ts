/**
 * Nothing is lost for good: a thing's history, restoring a version, and the trash. Browser-safe:
 * the UI compares versions with the same `changedKeys` the server's answers are built from.
 */
import { z } from "zod";
import { pagingQuerySchema } from "./audit-query.ts";
import { MAX_DB_INTEGER } from "./database-limits.ts";
import type { ProjectPicture } from "./pictures.ts";
import type { SiteProfile } from "./site-profile.ts";

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
  /** Absent in versions kept before projects had slugs: a restore of one keeps the current slug. */
  slug?: string;
  /** "" and [] in versions kept before projects had them (they had none then). */
  longDescription: string;
  pictures: ProjectPicture[];
}

export type ProjectHistoryAnswer = HistoryAnswer<ProjectFieldsView>;

/** The site profile's history: each version is the whole profile. */
export type SiteProfileHistoryAnswer = HistoryAnswer<SiteProfile>;

/** A role as its history keeps it: all of it, though only its permissions are ever edited. */
export interface RoleFieldsView {
  name: string;
  description: string;
  permissions: string[];
  color: string;
}

export type RoleHistoryAnswer = HistoryAnswer<RoleFieldsView>;

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

/** `?limit=&before=`: a history pages exactly like the audit log, with its schema. */
export const historyQuerySchema = pagingQuerySchema;

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
    ...(fields.slug === undefined ? {} : { slug: fields.slug }),
    longDescription: fields.longDescription,
    pictures: fields.pictures,
  };
}

/** A kept version as the history answers it: versions from before pages and pictures had neither. */
export function projectFieldsOfVersion(
  stored: Omit<ProjectFieldsView, "longDescription" | "pictures"> & Partial<ProjectFieldsView>,
): ProjectFieldsView {
  return { ...stored, longDescription: stored.longDescription ?? "", pictures: stored.pictures ?? [] };
}

const profileVersionNumber = (field: string) =>
  z
    .number({ error: `${field} must be a whole number, 0 or more.` })
    .int(`${field} must be a whole number, 0 or more.`)
    .min(0, `${field} must be a whole number, 0 or more.`)
    .max(MAX_DB_INTEGER, `${field} must be at most ${MAX_DB_INTEGER}.`);

/**
 * The site profile's restore. Its versions are the sync versions desktops already hold, and version 0 is the
 * profile before its first change (the built-in one), so 0 is a version to restore and a base to edit on.
 */
export const profileRestoreBodySchema = z.object({
  version: profileVersionNumber("version"),
  baseVersion: profileVersionNumber("baseVersion").optional(),
});

/** A role's restore: which version, and (like a role edit) `dryRun` to see who would change first. */
export const roleRestoreBodySchema = z.object({
  version: versionNumber("version"),
  dryRun: z.boolean({ error: "dryRun must be true or false." }).optional(),
});

/** The keys whose values differ between two versions (compared as JSON), in the order of `after`. */
export function changedKeys<F extends object>(before: F | undefined, after: F): (keyof F)[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof F)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
