/**
 * Reads the build-time data the prerendered page was rendered from: the page preloads it as a hashed
 * file (`<link rel="preload" as="fetch" id="portfolio-data">`, prerender.mjs), so this fetch is answered
 * by that early request. A page without it (the dev server's bare template, a page with no projects)
 * gets the defaults, as does a failed fetch (hydration then re-renders from them, and the live list follows).
 */
import { DEFAULT_INITIAL_DATA, INITIAL_DATA_ID, type InitialData, parseInitialData } from "./initial-data.tsx";

export async function loadInitialData(doc: Document = document): Promise<InitialData> {
  const link = doc.getElementById(INITIAL_DATA_ID);
  if (!(link instanceof HTMLLinkElement)) return DEFAULT_INITIAL_DATA;
  try {
    const response = await fetch(link.href, { credentials: "same-origin" });
    return response.ok ? parseInitialData(await response.text()) : DEFAULT_INITIAL_DATA;
  } catch {
    return DEFAULT_INITIAL_DATA;
  }
}
