/**
 * A project page as a whole HTML document, the same whoever renders it: the static export for every project
 * known at build time, and the server for a project saved later (it loads this module from the export). Both
 * fill the export's project page template (its critical CSS and chunk preloads) with the head tags (title,
 * description, Open Graph and Twitter tags, JSON-LD, the page's data block) and the rendered app.
 */
import { jsonLdText, type Project, projectJsonLd, projectPagePath } from "@portfolio/core/domain";
import { pictureSrcSet } from "@portfolio/ui/projects/picture-sources.ts";
import type { InitialData } from "../lib/initial-data.tsx";
import { PROJECT_PAGE_DATA_ID, type ProjectPageData, serializeProjectPageData } from "../lib/project-page-data.tsx";
import { FIRST_SIZES } from "../pages/project/Gallery.tsx";
import { projectCardPath, projectPageData } from "./page-data.ts";

export interface ProjectDocumentInput {
  /** The export's project page template: `<!--head-->` and `<!--app-->` to fill. */
  template: string;
  project: Project;
  /** The whole list, for the project's status and its neighbours. */
  projects: readonly Project[];
  /** Public origin of the site, for canonical and Open Graph addresses (no trailing slash). */
  siteUrl: string;
  siteName: string;
}

export type RenderApp = (url: string, initialData: InitialData, projectPage: ProjectPageData) => Promise<string>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function projectHeadTags(input: ProjectDocumentInput, data: ProjectPageData): string {
  const { project, siteUrl, siteName } = input;
  const url = `${siteUrl}${projectPagePath(project.slug)}`;
  const image = `${siteUrl}${projectCardPath(project, siteName)}`;
  const title = `${project.title} | ${siteName}`;
  const imageAlt = `${project.title}, a project by ${siteName}`;
  const first = project.pictures[0];
  // A Demo link to one of the site's own pages is a path: structured data wants whole addresses.
  const demo = project.externalLink ? new URL(project.externalLink, `${siteUrl}/`).href : undefined;
  const jsonLd = projectJsonLd(
    { ...project, ...(demo ? { externalLink: demo } : {}) },
    {
      pageUrl: url,
      imageUrl: image,
      author: { name: siteName, url: `${siteUrl}/` },
    },
  );
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(project.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(project.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(project.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}" />`,
    // The first picture is the page's largest paint: fetched from the head, before the stylesheet and the
    // scripts, in the format the gallery's first <source> offers (a browser without AVIF skips the hint).
    ...(first
      ? [
          `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(pictureSrcSet(first, "avif"))}" imagesizes="${FIRST_SIZES}" fetchpriority="high" />`,
        ]
      : []),
    `<script type="application/ld+json">${jsonLdText(jsonLd)}</script>`,
    `<script type="application/json" id="${PROJECT_PAGE_DATA_ID}">${serializeProjectPageData(data)}</script>`,
  ].join("\n    ");
}

/** The page's HTML. `renderApp` is the export's renderer (entry-server's `render`). */
export async function projectPageDocument(input: ProjectDocumentInput, renderApp: RenderApp): Promise<string> {
  const data = projectPageData(input.project, input.projects, input.siteName);
  const initialData: InitialData = { projects: [], order: [], builtAt: new Date(0).toISOString() };
  const app = await renderApp(projectPagePath(input.project.slug), initialData, data);
  if (!input.template.includes("<!--head-->") || !input.template.includes("<!--app-->"))
    throw new Error("The project page template lacks its <!--head--> / <!--app--> placeholders.");
  // Functions as replacements: a `$&` in a project's text is text, not a pattern.
  return input.template.replace("<!--head-->", () => projectHeadTags(input, data)).replace("<!--app-->", () => app);
}
