/**
 * A project page's data and share card, from the project and the whole list as the export (or the server)
 * has them. Node only: it renders the Markdown (core's renderMarkdown), so the browser never loads a
 * Markdown parser.
 */
import { latestProjectId, type Project, projectPagePath, projectStatus, sortProjects } from "@portfolio/core/domain";
import { renderMarkdown, shareCardKey } from "@portfolio/core/pages";
import type { ProjectPageData, ProjectRef } from "../lib/project-page-data.tsx";

/**
 * The neighbours follow the site's Status order (latest, then active, then archived, each by title): the
 * same for every visitor and every build, unlike the home page's Random one.
 */
export function projectPageData(project: Project, projects: readonly Project[], siteName: string): ProjectPageData {
  const ordered = sortProjects(projects, "status");
  const index = ordered.findIndex((p) => p._id === project._id);
  const ref = (p: Project | undefined): ProjectRef | null => (p ? { slug: p.slug, title: p.title } : null);
  return {
    project: {
      _id: project._id,
      title: project.title,
      description: project.description,
      tags: project.tags,
      ...(project.github ? { github: project.github } : {}),
      ...(project.externalLink ? { externalLink: project.externalLink } : {}),
      slug: project.slug,
      pictures: project.pictures,
    },
    status: projectStatus(project, latestProjectId(projects)),
    descriptionHtml: renderMarkdown(project.longDescription),
    previous: index > 0 ? ref(ordered[index - 1]) : null,
    next: index >= 0 ? ref(ordered[index + 1]) : null,
    siteName,
  };
}

/** What a project's share card shows: its title, tags, cover and the site's name. */
export function projectShareCard(project: Project, siteName: string) {
  const cover = project.pictures.find((picture) => picture.cover);
  return {
    title: project.title,
    tags: project.tags,
    siteName,
    ...(cover ? { coverHash: cover.hash } : {}),
  };
}

/** The share card's address: beside the page, named by what it shows (shareCardKey), so cached for good. */
export function projectCardPath(project: Project, siteName: string): string {
  return `${projectPagePath(project.slug)}/card-${shareCardKey(projectShareCard(project, siteName))}.png`;
}

/** The home page's card (shared by every page but the projects'): the owner's name and tagline. */
export function homeShareCard(siteName: string, tagline: string, siteUrl: string) {
  return { title: siteName, subtitle: tagline, tags: [] as string[], siteName: new URL(siteUrl).host };
}

export function homeCardPath(siteName: string, tagline: string, siteUrl: string): string {
  return `/card-${shareCardKey(homeShareCard(siteName, tagline, siteUrl))}.png`;
}
