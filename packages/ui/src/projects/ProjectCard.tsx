import { coverPicture, type ProjectPicture, type ProjectStatus, projectPagePath } from "@portfolio/core/domain";
import { lazy, memo, Suspense } from "react";
import { RepeatedIcon } from "../components/icons.tsx";
import { RouteLink } from "../components/RouteLink.tsx";
import type { CardActionsProps } from "./card-actions.ts";
import { fallbackSrc, pictureSrcSet, variantSize } from "./picture-sources.ts";
import { tagClasses } from "./tag-colors.ts";

export interface ProjectCardProps extends CardActionsProps {
  status: ProjectStatus;
  highlighted?: boolean;
}

const ProjectCardActions = lazy(() => import("./ProjectCardActions.tsx"));

export function projectElementId(id: string): string {
  return `project-${id}`;
}

function isInternal(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

/**
 * Its Code and Demo icons are <use> references: the page renders <RepeatedIconSymbols /> once. Its links say
 * which they are (`data-visit`), and the card's id says whose, so the public site's beacon counts them when followed.
 *
 * Memoised: a card renders again only when its own props change, not with every render of the page around it
 * (the home page renders again when the session check and the live profile answer after hydration, and the
 * cards are most of its elements: docs/performance.md, "The public pages").
 */
export const ProjectCard = memo(function ProjectCard({
  project,
  status,
  highlighted = false,
  onEdit,
  onDelete,
  unavailable,
  refusal,
}: ProjectCardProps) {
  const demo = project.externalLink?.trim();
  const code = project.github?.trim();
  // A list from a server older than project pages has no pictures and no slugs: then neither is shown.
  const cover = coverPicture(project.pictures ?? []);
  return (
    <article
      id={projectElementId(project._id)}
      data-status={status}
      data-highlighted={highlighted ? "true" : undefined}
      aria-labelledby={`${projectElementId(project._id)}-title`}
      // The look lives in project-card.css (by class and by data-status / data-highlighted).
      className="group project-card"
    >
      {cover ? <CardCover picture={cover} /> : null}
      <div className="project-card-head">
        <h3 id={`${projectElementId(project._id)}-title`} className="project-card-title">
          {project.slug ? (
            // A document load: each project page carries its own data (the export's or the server's render).
            // No class or test id: styled as the title's link (project-card.css); fourteen repeat in the home page.
            <a href={projectPagePath(project.slug)}>{project.title}</a>
          ) : (
            project.title
          )}
        </h3>
        {status === "latest" ? (
          <span
            data-testid="badge-latest"
            className="project-card-badge bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
          >
            Latest
          </span>
        ) : null}
        {status === "archived" ? (
          <span
            data-testid="badge-archived"
            className="project-card-badge bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            Archived
          </span>
        ) : null}
      </div>
      <p className="project-card-text">{project.description}</p>
      {project.tags.length > 0 ? (
        // No aria-label: HTML gives a list no name of its own; the tags read as what they are.
        // Hidden until hover only where there is a fine pointer that can hover; touch screens always show them.
        <ul className="project-card-tags">
          {project.tags.map((tag) => (
            <li key={tag} className={tagClasses(tag)}>
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {code || demo ? (
        <div className="project-card-links">
          {code ? (
            <a href={code} target="_blank" rel="noopener noreferrer" className="project-card-link" data-visit="code">
              <RepeatedIcon name="code" size={16} />
              Code<span className="sr-only">{` of ${project.title} (opens in a new tab)`}</span>
            </a>
          ) : null}
          {demo && isInternal(demo) ? (
            <RouteLink to={demo} className="project-card-link" data-visit="demo">
              <RepeatedIcon name="external-link" size={16} />
              Demo<span className="sr-only">{` of ${project.title}`}</span>
            </RouteLink>
          ) : null}
          {demo && !isInternal(demo) ? (
            <a href={demo} target="_blank" rel="noopener noreferrer" className="project-card-link" data-visit="demo">
              <RepeatedIcon name="external-link" size={16} />
              Demo<span className="sr-only">{` of ${project.title} (opens in a new tab)`}</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {onEdit || onDelete ? (
        // Only editors see them: their code loads when first shown.
        <Suspense fallback={null}>
          <ProjectCardActions
            project={project}
            onEdit={onEdit}
            onDelete={onDelete}
            unavailable={unavailable}
            refusal={refusal}
          />
        </Suspense>
      ) : null}
    </article>
  );
});

/**
 * The cover, small (the 480 px variant): decorative beside the title, which names the project; width and
 * height reserve its box, so the grid does not move when it loads.
 */
function CardCover({ picture }: { picture: ProjectPicture }) {
  const size = variantSize(picture, 480);
  return (
    <picture>
      {(["avif", "webp"] as const).map((format) => (
        <source key={format} type={`image/${format}`} srcSet={pictureSrcSet(picture, format, 480)} />
      ))}
      <img
        src={fallbackSrc(picture, 480)}
        alt=""
        width={size.width}
        height={size.height}
        loading="lazy"
        className="project-card-cover"
      />
    </picture>
  );
}
