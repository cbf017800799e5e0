/**
 * A project page's structured data (schema.org JSON-LD): `SoftwareSourceCode` with its `codeRepository` when
 * the project links its code, else `CreativeWork`. Built at export and by the server's page render from the
 * same project answer, so both write the same block.
 */

export interface JsonLdProject {
  title: string;
  description: string;
  github?: string;
  externalLink?: string;
  tags: readonly string[];
  createdAt: string;
  updatedAt: string;
}

export interface JsonLdPlace {
  /** Absolute address of the project's page. */
  pageUrl: string;
  /** Absolute address of its share card (or cover). */
  imageUrl: string;
  /** The owner, the author of every project. */
  author: { name: string; url: string };
}

export function projectJsonLd(project: JsonLdProject, place: JsonLdPlace): Record<string, unknown> {
  const code = project.github ? { codeRepository: project.github } : {};
  return {
    "@context": "https://schema.org",
    "@type": project.github ? "SoftwareSourceCode" : "CreativeWork",
    name: project.title,
    description: project.description,
    url: place.pageUrl,
    image: place.imageUrl,
    ...(project.tags.length > 0 ? { keywords: project.tags.join(", ") } : {}),
    dateCreated: project.createdAt,
    dateModified: project.updatedAt,
    author: { "@type": "Person", name: place.author.name, url: place.author.url },
    ...code,
    ...(project.externalLink ? { sameAs: project.externalLink } : {}),
  };
}

/**
 * The body of a `<script type="application/ld+json">`: JSON with `<` escaped, so no text in it can close
 * the element (`</script>`) or open a comment.
 */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
