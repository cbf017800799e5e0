/** Prerender entry (Vite SSR build, run by scripts/prerender.mjs): renders one route to HTML. */
import { type ApiClient, PRE_PAINT_SCRIPT, StaticRouter } from "@portfolio/ui";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { App } from "./App.tsx";
import { INITIAL_DATA_ID, type InitialData, serializeInitialData } from "./lib/initial-data.tsx";
import type { ProjectPageData } from "./lib/project-page-data.tsx";
import { VISIT_ORDER_SCRIPT } from "./lib/visit-order-script.ts";
import { type ProjectDocumentInput, projectPageDocument } from "./project-page/document.ts";
import { preloadAll } from "./routes/pages.ts";
import { ROUTE_META } from "./routes/route-meta.ts";
import { SITE_SETTINGS } from "./settings/site-settings.ts";
import { widgetEntryScript, widgetPrePaintScript } from "./tools/widgets/prerendered-builder.ts";
import { widgetKindForPath } from "./tools/widgets/widget-kinds.ts";

export { FALLBACK_PROJECTS, newProjectsSeed } from "@portfolio/core/domain";
export { renderShareCard } from "@portfolio/core/pages";
export { FIRST_PAGE, WHOLE_LIST_MAX } from "./lib/project-pages.ts";
export { homeCardPath, homeShareCard, projectCardPath, projectShareCard } from "./project-page/page-data.ts";
export { INITIAL_DATA_ID, PRE_PAINT_SCRIPT, ROUTE_META, SITE_SETTINGS, serializeInitialData };

/** The <head> script a widget page needs before its first paint, or null for any other page. */
export function prePaintScriptFor(path: string): string | null {
  const kind = widgetKindForPath(path);
  return kind ? widgetPrePaintScript(kind) : null;
}

/**
 * A widget page's entry: a script after its HTML that loads the overlay's own small entry on an overlay's
 * address and the site's on the builder's; null for any other page (it keeps the site's entry in <head>).
 */
export function entryScriptFor(
  path: string,
  entries: { site: string; overlay: string; sitePreloads: readonly string[] },
): string | null {
  const kind = widgetKindForPath(path);
  return kind ? widgetEntryScript(kind, entries) : null;
}

/**
 * The script a page runs right after its own HTML, before the parser reaches the stylesheet switch: the
 * home page shuffles its grid for this visit (visit-order.ts); null for any other page.
 */
export function afterAppScriptFor(path: string): string | null {
  return path === "/" ? VISIT_ORDER_SCRIPT : null;
}

/** The prerender never calls the API (effects do not run while prerendering). */
const offline = new Proxy({} as ApiClient, {
  get: () => () => Promise.reject(new Error("No API calls while prerendering.")),
});

/**
 * Renders `url` after every code-split page is loaded, so lazy pages are in the HTML too. A project's page
 * (`projectPage`) is rendered from its data (project-page/document.ts).
 */
export async function render(
  url: string,
  initialData: InitialData,
  projectPage: ProjectPageData | null = null,
): Promise<string> {
  await preloadAll();
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App api={offline} initialData={initialData} projectPage={projectPage} />
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, where it stands: React outlines a large one (a hidden copy swapped in by an
    // inline script) to stream it sooner, which a static page gains nothing from and the CSP would block.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * A project's page as a whole HTML document: the export writes one per project known at build time, and the
 * server, which loads this module from the export, renders a project saved later with it.
 */
export function renderProjectPage(input: ProjectDocumentInput): Promise<string> {
  return projectPageDocument(input, render);
}
