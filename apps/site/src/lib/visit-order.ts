/**
 * A new Random order on every visit, with nothing moving on screen. The static export holds one order (the
 * build's); a tiny inline script right after the app's HTML (visit-order-script.ts) shuffles the grid's
 * cards in the DOM while the page is still being parsed, and the client then hydrates in the order the DOM
 * holds (`readShownOrder`), so hydration finds exactly its own markup and the live list keeps that order
 * (project-order.ts).
 *
 * Why it never shows the build's order first: the grid is below the fold and stays invisible until the
 * full stylesheet applies (critical-css.mjs: `[data-below-fold]` waits for `--below-fold`), and that
 * stylesheet is switched on by the script at the very end of <body>, which the parser reaches only after
 * this one has run. Without scripts the visitor gets the build's order, which is random too.
 */
import { projectElementId } from "@portfolio/ui";

/** The grid the script shuffles: the projects section's grid, in its default (Random) sort. */
export const SHUFFLED_GRID_SELECTOR = "[data-testid=project-grid][data-sort=random]";

const CARD_ID_PREFIX = projectElementId("");

/**
 * The project ids in the order the prerendered grid shows them now (after the visit's shuffle), or
 * undefined when the page has no such grid (another page, the dev server's bare template).
 */
export function readShownOrder(doc: Pick<Document, "querySelector">): string[] | undefined {
  const grid = doc.querySelector(SHUFFLED_GRID_SELECTOR);
  if (!grid) return undefined;
  return [...grid.children]
    .map((card) => card.id)
    .filter((id) => id.startsWith(CARD_ID_PREFIX))
    .map((id) => id.slice(CARD_ID_PREFIX.length));
}
