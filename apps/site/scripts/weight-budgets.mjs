/**
 * The weight check: the JavaScript each prerendered page loads before it is interactive (the site's entry,
 * the page's own chunks and everything they import statically, read from Vite's build manifests), gzipped
 * at level 9 file by file as `pnpm bench:site` counts it, against its budget in weight-budgets.json; and the
 * home page's exported HTML (its first screenful of cards) against its own. The static export (prerender.mjs)
 * runs both, so `pnpm build`, and with it CI, fails on a page over its budget.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadedBeforeHydration, OVERLAY_ENTRY, OVERLAY_SOURCES, PAGE_SOURCES } from "./page-sources.mjs";

export const BUDGETS_FILE = "apps/site/weight-budgets.json";

/** The files of `keys` and of every chunk they import statically, each once, in manifest order of visit. */
export function chunkFiles(manifest, keys) {
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk for ${key}.`);
    if (files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * What each page runs before it is interactive: `site` pages the entry (index.html) with their chunks,
 * `overlay` pages (a widget's address with settings: an OBS source) the overlay's own entry and the widget.
 */
export function pagesOf(routePaths) {
  const site = routePaths.map((path) => ({
    page: path,
    manifest: "site",
    keys: ["index.html", ...(PAGE_SOURCES[path] ? [PAGE_SOURCES[path]] : []), ...loadedBeforeHydration(path)],
  }));
  const overlays = Object.entries(OVERLAY_SOURCES).map(([path, widget]) => ({
    page: `${path} (overlay)`,
    manifest: "overlay",
    keys: [OVERLAY_ENTRY, widget],
  }));
  return [...site, ...overlays];
}

/** Each page's files and their gzip size in bytes. `read(file)` gives a built file's bytes. */
export async function measurePages(pages, manifests, read) {
  const sizes = new Map();
  const gzipOf = async (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(await read(file), { level: 9 }).length);
    return sizes.get(file);
  };
  const measured = [];
  for (const { page, manifest, keys } of pages) {
    const files = chunkFiles(manifests[manifest], keys);
    const gzip = (await Promise.all(files.map(gzipOf))).reduce((sum, size) => sum + size, 0);
    measured.push({ page, files, gzip });
  }
  return measured;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * One line per page over its budget (budgets in kB, 1 kB = 1024 bytes), and one per page measured without a
 * budget or budgeted but not measured, so a new page or a renamed one cannot go unchecked.
 */
export function overBudget(measured, budgets) {
  const problems = [];
  for (const { page, files, gzip } of measured) {
    const budget = budgets[page];
    if (budget === undefined) problems.push(`${page}: no budget in ${BUDGETS_FILE}.`);
    else if (gzip > budget * 1024)
      problems.push(
        `${page}: ${kb(gzip)} gzip of JavaScript before it is interactive, over its budget of ${budget} kB (${files.join(", ")}).`,
      );
  }
  for (const page of Object.keys(budgets))
    if (!measured.some((m) => m.page === page)) problems.push(`${page}: budgeted in ${BUDGETS_FILE} but not built.`);
  return problems;
}

/** The check on a built dist/ (before its .vite manifests are removed); throws with every page over budget. */
export async function checkWeights({ dist, pages, budgets, log = console.log }) {
  const manifests = {
    site: JSON.parse(await readFile(join(dist, ".vite", "manifest.json"), "utf8")),
    overlay: JSON.parse(await readFile(join(dist, ".vite", "overlay-manifest.json"), "utf8")),
  };
  const measured = await measurePages(pages, manifests, (file) => readFile(join(dist, file)));
  for (const { page, gzip } of measured)
    log(`weights: ${page.padEnd(32)} ${kb(gzip).padStart(9)} of ${budgets[page] ?? "?"} kB`);
  const problems = overBudget(measured, budgets);
  if (problems.length > 0) throw new Error(`Pages over their JavaScript budget:\n${problems.join("\n")}`);
  return measured;
}

export async function readBudgets(file) {
  const { pages } = JSON.parse(await readFile(file, "utf8"));
  return pages;
}

/** The HTML budgets (kB raw, 1 kB = 1024 bytes) of the pages whose first screenful the export writes whole. */
export async function readHtmlBudgets(file) {
  const { html } = JSON.parse(await readFile(file, "utf8"));
  return html ?? {};
}

/** The exported file of a page: `/` is index.html, any other `/a/b` is a/b.html. */
export const htmlFileOf = (page) => (page === "/" ? "index.html" : `${page.slice(1)}.html`);

/** One line per page whose exported HTML is over its budget; `sizes` maps a page to its raw bytes. */
export function htmlOverBudget(sizes, budgets) {
  return Object.entries(budgets)
    .filter(([page, budget]) => (sizes[page] ?? 0) > budget * 1024)
    .map(([page, budget]) => `${page}: ${kb(sizes[page])} of HTML, over its budget of ${budget} kB.`);
}

/** The check on the exported pages' HTML; throws with every page over its budget. */
export async function checkHtmlWeights({ dist, budgets, log = console.log }) {
  const sizes = {};
  for (const page of Object.keys(budgets)) {
    sizes[page] = (await readFile(join(dist, htmlFileOf(page)))).length;
    log(`weights: ${`${page} (HTML)`.padEnd(32)} ${kb(sizes[page]).padStart(9)} of ${budgets[page]} kB`);
  }
  const problems = htmlOverBudget(sizes, budgets);
  if (problems.length > 0) throw new Error(`Pages over their HTML budget:\n${problems.join("\n")}`);
}
