/**
 * Static export, the project pages (prerender.mjs calls these): one `/projects/{slug}/index.html` per project
 * known at build time, each with its share card (`card-{key}.png` beside it), the template the pages and the
 * server's renders of later projects are filled into (dist/.render/project-page.html), and the home page's
 * share card.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** The project pages' entry in page-sources.mjs and weight-budgets.json (one budget for all of them). */
export const PROJECT_PAGE_BUDGET = "/projects/{slug}";

/**
 * Every project for the pages, whatever the home page shows of them: the whole list from
 * `${base}/api/projects`, paged through 100 at a time, or `fallback` without a server.
 */
export async function loadAllProjects(base, fallback) {
  if (!base) return [...fallback];
  const url = `${base.replace(/\/+$/, "")}/api/projects`;
  const projects = [];
  let cursor = null;
  try {
    do {
      const query = `?limit=100&sort=az${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const response = await fetch(`${url}${query}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = await response.json();
      if (!Array.isArray(body.projects)) throw new Error("no projects list in the answer");
      projects.push(...body.projects);
      cursor = body.next ?? null;
    } while (cursor);
    return projects;
  } catch (error) {
    console.warn(`prerender: could not fetch ${url} (${error.message}); project pages from the built-in list.`);
    return [...fallback];
  }
}

/** The cover's original from the server, or undefined (the card is then drawn without it). */
async function coverBytes(base, project) {
  const cover = project.pictures.find((picture) => picture.cover);
  if (!cover || !base) return undefined;
  const url = `${base.replace(/\/+$/, "")}/media/${cover.hash}`;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    console.warn(`prerender: could not fetch the cover ${url} (${error.message}); its card has none.`);
    return undefined;
  }
}

/** A project with every part of the page, so the template's critical CSS covers whatever a project shows. */
function sampleProjects(fallback) {
  const base = fallback[0];
  const picture = (n, cover) => ({
    hash: String(n).repeat(64).slice(0, 64),
    alt: `Sample picture ${n}`,
    caption: `Caption ${n}`,
    width: 1600,
    height: 900,
    cover,
  });
  const sample = {
    ...base,
    _id: "sample",
    slug: "sample",
    github: "https://example.com/code",
    externalLink: "https://example.com/demo",
    isLatest: true,
    longDescription: [
      "# Heading",
      "## Subheading",
      "A paragraph with *emphasis*, **strength**, `code` and [a link](https://example.com).",
      "- one\n- two",
      "1. one\n2. two",
      "> quote",
      "```\ncode block\n```",
      "| a | b |\n| - | - |\n| 1 | 2 |",
      "---",
    ].join("\n\n"),
    pictures: [picture(1, true), picture(2, false), picture(3, false)],
  };
  return [sample, { ...base, _id: "a", slug: "a", title: "A" }, { ...base, _id: "z", slug: "z", title: "Z" }];
}

/**
 * The project pages' template: the site's page with the project chunk's preloads, critical CSS (from a
 * sample project with every part) and `afterApp` (the script that loads the entry), `<!--head-->` and
 * `<!--app-->` left to fill.
 */
export async function projectTemplate({ entry, page, afterApp, preloadTags, withCriticalCss, siteUrl, siteName }) {
  const marked = page
    .replace(/\s*<title>[^<]*<\/title>/, "")
    .replace("<!--head-->", `${preloadTags}\n    <!--ph-head--><!--head--><!--/ph-head-->`)
    .replace("<!--app-->", "<!--ph-app--><!--app--><!--/ph-app-->")
    .replace("<!--after-app-->", afterApp);
  const projects = sampleProjects(entry.FALLBACK_PROJECTS);
  const sample = await entry.renderProjectPage({ template: marked, project: projects[0], projects, siteUrl, siteName });
  const processed = await withCriticalCss(sample);
  const template = processed
    .replace(/<!--ph-head-->[\s\S]*?<!--\/ph-head-->/, "<!--head-->")
    .replace(/<!--ph-app-->[\s\S]*?<!--\/ph-app-->/, "<!--app-->");
  if (!template.includes("<!--head-->") || !template.includes("<!--app-->"))
    throw new Error("The project page template lost its placeholders in the critical CSS step.");
  return template;
}

/** Writes each project's page and share card; answers the pages' paths, files and HTML. */
export async function writeProjectPages({ entry, dist, template, projects, siteUrl, siteName, apiBase }) {
  const written = [];
  for (const project of projects) {
    const html = await entry.renderProjectPage({ template, project, projects, siteUrl, siteName });
    const file = join(dist, "projects", project.slug, "index.html");
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    const card = await entry.renderShareCard({
      ...entry.projectShareCard(project, siteName),
      cover: await coverBytes(apiBase, project),
    });
    await writeFile(join(dist, entry.projectCardPath(project, siteName)), card);
    written.push({ path: `/projects/${project.slug}`, file: `projects/${project.slug}/index.html`, html, project });
  }
  return written;
}
