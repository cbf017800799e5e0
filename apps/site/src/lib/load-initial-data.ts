/**
 * The text of the build-time data the prerendered page was rendered from: the page preloads it as a
 * hashed file (`<link rel="preload" as="fetch" id="portfolio-data">`, prerender.mjs), so this fetch is
 * answered by that early request. Undefined for a page without it (the dev server's bare template, a page
 * that shows no projects) and for a failed fetch: the caller falls back to the built-in defaults (hydration
 * then re-renders from them, and the live list follows).
 */
import { INITIAL_DATA_ID } from "./initial-data.tsx";

export async function fetchInitialDataText(doc: Document = document): Promise<string | undefined> {
  const link = doc.getElementById(INITIAL_DATA_ID);
  if (!(link instanceof HTMLLinkElement)) return undefined;
  try {
    const response = await fetch(link.href, { credentials: "same-origin" });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}
