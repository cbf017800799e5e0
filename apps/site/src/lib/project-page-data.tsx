/**
 * What a project's page is rendered from: the project as the export (or the server) had it, its long
 * description already turned into sanitised HTML (Markdown is rendered at export, never in the browser:
 * core's `renderMarkdown`), and its neighbours. The page's HTML carries it in a JSON data block, so
 * hydration renders exactly what was prerendered without asking the API.
 */
import type { Project, ProjectStatus } from "@portfolio/core/domain";

export const PROJECT_PAGE_DATA_ID = "project-page-data";

export type PageProject = Pick<
  Project,
  "_id" | "title" | "description" | "tags" | "github" | "externalLink" | "slug" | "pictures"
>;

export interface ProjectRef {
  slug: string;
  title: string;
}

export interface ProjectPageData {
  project: PageProject;
  status: ProjectStatus;
  /** The long description as sanitised HTML ("" when there is none). */
  descriptionHtml: string;
  previous: ProjectRef | null;
  next: ProjectRef | null;
  /** The owner's name, as the page's title and the share card say it. */
  siteName: string;
}

/** A `<script type="application/json">` body that is safe inside HTML. */
export function serializeProjectPageData(data: ProjectPageData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The data block's value, or null when it is missing or not the export's own (a light shape check). */
export function parseProjectPageData(text: string | null | undefined): ProjectPageData | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ProjectPageData> | null;
    const project = value?.project;
    if (
      typeof project?.slug !== "string" ||
      typeof project.title !== "string" ||
      !Array.isArray(project.pictures) ||
      !Array.isArray(project.tags) ||
      typeof value?.descriptionHtml !== "string" ||
      typeof value.siteName !== "string"
    )
      return null;
    return value as ProjectPageData;
  } catch {
    return null;
  }
}

let documentData: ProjectPageData | null | undefined;
/** In the browser: the data block of this document (read once), or null (any other page). */
export function documentProjectPageData(): ProjectPageData | null {
  if (typeof document === "undefined") return null;
  documentData ??= parseProjectPageData(document.getElementById(PROJECT_PAGE_DATA_ID)?.textContent);
  return documentData;
}
