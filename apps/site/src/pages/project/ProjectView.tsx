import { projectPagePath } from "@portfolio/core/domain";
import { buttonClasses, FloatingButtons, projectElementId, tagClasses } from "@portfolio/ui";
import { useEffect } from "react";
import type { ProjectPageData, ProjectRef } from "../../lib/project-page-data.tsx";
import { Gallery } from "./Gallery.tsx";

const STATUS_TEXT = { latest: "Latest", active: "Active", archived: "Archived" } as const;
const STATUS_CLASSES = {
  latest: "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  archived: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
} as const;

const isInternal = (href: string) => href.startsWith("/") && !href.startsWith("//");

/** The page of one project: what it is, its pictures, its story, its links and its neighbours. */
export function ProjectView({ data }: { data: ProjectPageData }) {
  const { project, status, descriptionHtml, previous, next, siteName } = data;
  const code = project.github?.trim();
  const demo = project.externalLink?.trim();
  const title = `${project.title} | ${siteName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="relative flex min-h-dvh flex-col">
      <FloatingButtons left="home" />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 pt-24 pb-16 sm:px-6">
        <article
          // Its id, as on the project's card, tells the visit beacon whose Code or Demo link was followed.
          id={projectElementId(project._id)}
          aria-labelledby="project-title"
          data-testid="project-page"
          data-slug={project.slug}
        >
          <header>
            <div className="flex flex-wrap items-center gap-3">
              <h1
                id="project-title"
                className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
              >
                {project.title}
              </h1>
              <span
                data-testid="project-status"
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}
              >
                {STATUS_TEXT[status]}
              </span>
            </div>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{project.description}</p>
            {project.tags.length > 0 ? (
              <ul className="mt-4 flex flex-wrap gap-1.5" data-testid="project-tags">
                {project.tags.map((tag) => (
                  <li key={tag} className={`rounded-md px-2 py-0.5 text-xs font-medium ${tagClasses(tag)}`}>
                    {tag}
                  </li>
                ))}
              </ul>
            ) : null}
            {code || demo ? (
              <div className="mt-6 flex flex-wrap gap-3">
                {code ? <ProjectLink kind="code" href={code} title={project.title} /> : null}
                {demo ? <ProjectLink kind="demo" href={demo} title={project.title} /> : null}
              </div>
            ) : null}
          </header>
          <Gallery pictures={project.pictures} title={project.title} />
          {descriptionHtml ? (
            // Rendered from Markdown at export by core's renderMarkdown: no raw HTML, safe links only.
            <div
              className="project-prose"
              data-testid="project-description"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised at export (renderMarkdown)
              dangerouslySetInnerHTML={{ __html: descriptionHtml }}
            />
          ) : null}
        </article>
        {previous || next ? (
          <nav
            aria-label="More projects"
            className="mt-16 grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2 dark:border-slate-800"
          >
            {previous ? <Neighbour label="Previous project" project={previous} rel="prev" /> : <span />}
            {next ? <Neighbour label="Next project" project={next} rel="next" /> : null}
          </nav>
        ) : null}
      </main>
    </div>
  );
}

/** A link to the project before or after this one: a document load, since each page carries its own data. */
function Neighbour({ label, project, rel }: { label: string; project: ProjectRef; rel: "prev" | "next" }) {
  return (
    <a
      href={projectPagePath(project.slug)}
      rel={rel}
      data-testid={`project-${rel}`}
      className={`rounded-xl border border-slate-200 p-4 hover:border-indigo-400 focus-ring dark:border-slate-800 ${rel === "next" ? "sm:text-right" : ""}`}
    >
      <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
      <span className="mt-1 block font-semibold text-indigo-700 dark:text-indigo-300">{project.title}</span>
    </a>
  );
}

/**
 * The project's Code or Demo link, which the visit beacon counts (`data-visit`). Code, and a Demo on another
 * site, open in a new tab and say so; a Demo that is one of the site's own pages (a stream widget) opens here,
 * like any page of the site.
 */
function ProjectLink({ kind, href, title }: { kind: "code" | "demo"; href: string; title: string }) {
  const newTab = kind === "code" || !isInternal(href);
  return (
    <a
      href={href}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className={buttonClasses(kind === "code" ? "primary" : "secondary", "md")}
      data-visit={kind}
    >
      {kind === "code" ? "Code" : "Demo"}
      <span className="sr-only">{` of ${title}${newTab ? " (opens in a new tab)" : ""}`}</span>
    </a>
  );
}
