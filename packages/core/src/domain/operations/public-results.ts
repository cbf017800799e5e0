/**
 * The answers of the public reads (GET /api/hello, /api/projects, /api/settings/profile) and the schemas they
 * are made of, apart from the other operations' answers (results.ts, which re-exports these): a start answers
 * the public reads before it builds any other operation's schemas (docs/performance.md, "Start").
 */
import { z } from "zod";
import type { ProjectsAnswer } from "../api-types.ts";
import type { ProjectPicture } from "../pictures.ts";
import type { Project } from "../projects.ts";
import type { SiteProfile } from "../site-profile.ts";
import { siteProfileSchema } from "../site-profile-schema.ts";

/** Whether A and B are assignable both ways (an optional field on one side and a required one on the other is not). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The same, with the same top-level keys: an extra optional field is assignable both ways, but not the same. */
type Exact<A, B> = Same<A, B> extends true ? Same<keyof A, keyof B> : false;

/** A schema whose output is exactly `T`; a mismatch is a compile error naming the `expected` type. */
export function answer<T>() {
  return <S extends z.ZodType<T>>(schema: S & (Exact<z.output<S>, T> extends true ? unknown : { expected: T })) =>
    schema as z.ZodType<T>;
}

const text = z.string();
const texts = z.array(z.string());

export const messageResult = answer<{ message: string }>()(z.strictObject({ message: text }));

export const pictureResult = answer<ProjectPicture>()(
  z.strictObject({
    hash: text,
    alt: text,
    caption: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    cover: z.boolean(),
  }),
);

export const projectResult = answer<Project>()(
  z.strictObject({
    _id: text,
    title: text,
    description: text,
    github: text.optional(),
    externalLink: text.optional(),
    isArchived: z.boolean(),
    isLatest: z.boolean(),
    tags: texts,
    slug: text,
    longDescription: z.string(),
    pictures: z.array(pictureResult),
    createdAt: text,
    updatedAt: text,
    version: z.number().int(),
  }),
);

export const projectsResult = answer<ProjectsAnswer>()(
  z.strictObject({
    projects: z.array(projectResult),
    error: text.optional(),
    next: text.nullable().optional(),
    total: z.number().int().optional(),
    latestId: text.nullable().optional(),
    lastSeen: z.strictObject({ _id: text, title: text }).nullable().optional(),
  }),
);

/** The stored profile passed this schema on its way in; an answer that no longer would is a broken contract. */
export const siteProfileResult = answer<SiteProfile>()(siteProfileSchema);
