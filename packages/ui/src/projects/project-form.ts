/**
 * The Edit Project modal's rules (spec section 5): title and description required, URL fields of URL type,
 * a tag added only when non-empty and new (Enter adds it), empty github or externalLink sent as absent.
 */
import { addTag, isProjectLink, type Project, type ProjectPicture } from "@portfolio/core/domain";
import type { ProjectBody } from "../api/api-client.ts";

export interface ProjectFormState {
  title: string;
  description: string;
  github: string;
  externalLink: string;
  isArchived: boolean;
  isLatest: boolean;
  tags: string[];
  /** The tag being typed, not yet added. */
  tagInput: string;
  /** The page's address; "" when creating (made from the title). */
  slug: string;
  longDescription: string;
  pictures: ProjectPicture[];
}

export const EMPTY_PROJECT_FORM: ProjectFormState = {
  title: "",
  description: "",
  github: "",
  externalLink: "",
  isArchived: false,
  isLatest: false,
  tags: [],
  tagInput: "",
  slug: "",
  longDescription: "",
  pictures: [],
};

export function projectFormFrom(project?: Project | null): ProjectFormState {
  if (!project) return { ...EMPTY_PROJECT_FORM, tags: [] };
  return {
    title: project.title,
    description: project.description,
    github: project.github ?? "",
    externalLink: project.externalLink ?? "",
    isArchived: project.isArchived,
    isLatest: project.isLatest,
    tags: [...project.tags],
    tagInput: "",
    slug: project.slug,
    longDescription: project.longDescription,
    pictures: project.pictures.map((picture) => ({ ...picture })),
  };
}

/** True when the form differs from the project it was opened on (a half-typed tag counts too). */
export function isProjectFormDirty(form: ProjectFormState, base?: Project | null): boolean {
  return JSON.stringify(form) !== JSON.stringify(projectFormFrom(base));
}

/** Adds the typed tag (if non-empty and new) and clears the input either way when it was added. */
export function commitTag(form: ProjectFormState): ProjectFormState {
  const tags = addTag(form.tags, form.tagInput);
  if (tags.length === form.tags.length) return form.tagInput.trim() === "" ? { ...form, tagInput: "" } : form;
  return { ...form, tags, tagInput: "" };
}

export function removeTag(form: ProjectFormState, tag: string): ProjectFormState {
  return { ...form, tags: form.tags.filter((t) => t !== tag) };
}

/** Why the typed tag cannot be added, or null when it can (or nothing is typed). */
export function tagInputProblem(form: Pick<ProjectFormState, "tags" | "tagInput">): string | null {
  const tag = form.tagInput.trim();
  if (tag === "") return null;
  return form.tags.includes(tag) ? `"${tag}" is already a tag.` : null;
}

/**
 * What is wrong with a link, or null when it is fine. Empty is fine (the field is optional); the demo
 * link (externalLink) may also be a path on this site, such as /twitchheartwidget.
 */
export function linkProblem(value: string, allowRelative: boolean): string | null {
  const link = value.trim();
  if (link === "") return null;
  if (isProjectLink(link, allowRelative)) return null;
  return allowRelative
    ? "Enter a URL starting with https:// or a path on this site starting with /."
    : "Enter a URL starting with https://.";
}

/**
 * The request body. An empty link is left out (absent). Only when the project had a link that the editor
 * cleared is an empty string sent: in a PATCH, an absent field keeps the stored value, and the server stores
 * an empty link as absent.
 */
export function projectBodyFrom(form: ProjectFormState, original?: Project | null): ProjectBody {
  const body: ProjectBody = {
    title: form.title.trim(),
    description: form.description.trim(),
    isArchived: form.isArchived,
    isLatest: form.isLatest,
    tags: [...form.tags],
  };
  // The page's fields only when they changed: a slug left empty when creating is made from the title, and
  // pictures are added once the project exists (each upload its own version).
  const slug = form.slug.trim();
  if (slug !== "" && slug !== original?.slug) body.slug = slug;
  if (form.longDescription !== (original?.longDescription ?? "")) body.longDescription = form.longDescription;
  const pictures = form.pictures.map((p) => ({ ...p, alt: p.alt.trim(), caption: p.caption.trim() }));
  if (original && JSON.stringify(pictures) !== JSON.stringify(original.pictures)) body.pictures = pictures;
  const github = form.github.trim();
  const externalLink = form.externalLink.trim();
  if (github !== "") body.github = github;
  else if (original?.github) body.github = "";
  if (externalLink !== "") body.externalLink = externalLink;
  else if (original?.externalLink) body.externalLink = "";
  return body;
}
