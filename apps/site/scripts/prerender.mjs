#!/usr/bin/env node
/**
 * Static export, step 2 (after `vite build`): renders every route of src/routes/route-meta.ts to its own
 * HTML file in dist/ (content in the HTML before any script runs) with its critical CSS inline and the
 * full stylesheet loaded without blocking (critical-css.mjs), and writes sitemap.xml, robots.txt and
 * csp.json (hashes of the inline scripts, for a Content-Security-Policy).
 *
 * Env: PRERENDER_API_URL (fetch the home page's project list from `${PRERENDER_API_URL}/api/projects` and
 * the owner's profile from `/api/settings/profile`; default: the built-in list and profile), SITE_URL (public
 * address for canonical links and the sitemap).
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { build } from "vite";
import { criticalCss } from "./critical-css.mjs";
import { PAGE_SOURCES, WITH_PROJECTS } from "./page-sources.mjs";
import { loadAllProjects, PROJECT_PAGE_BUDGET, projectTemplate, writeProjectPages } from "./project-pages.mjs";
import { checkHtmlWeights, checkWeights, pagesOf, readBudgets, readHtmlBudgets } from "./weight-budgets.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
/**
 * The prerender's own bundle, kept in the export: the server loads it to render the page of a project saved
 * after the build with the same components (project-page/document.ts). A dot folder, which the server
 * never serves as a file (static-site.ts). Self-contained (every npm package inside) but sharp, a native
 * module that only the share cards use: it is loaded from where core, which depends on it, finds it.
 */
const ssrOut = join(dist, ".render");
const PROJECT_TEMPLATE = "project-page.html";

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** sharp as core resolves it (the site does not depend on it itself). */
function sharpFromCore() {
  const core = fileURLToPath(import.meta.resolve("@portfolio/core/pages"));
  const path = createRequire(core).resolve("sharp");
  return {
    name: "portfolio:sharp-from-core",
    enforce: "pre",
    resolveId: (id) => (id === "sharp" ? { id: pathToFileURL(path).href, external: true } : null),
  };
}

async function buildServerEntry() {
  await build({
    root,
    logLevel: "warn",
    plugins: [sharpFromCore()],
    ssr: { noExternal: true },
    build: {
      ssr: "src/entry-server.tsx",
      outDir: ssrOut,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: "entry-server.mjs" } },
    },
  });
  return import(pathToFileURL(join(ssrOut, "entry-server.mjs")).href);
}

/**
 * The home page's projects: the whole list for a site of up to `WHOLE_LIST_MAX` (shuffled here, as the
 * build's Random order); past that only the first screenful of a Random order (`FIRST_PAGE`, seeded), with
 * what the page needs to go on paging from it.
 */
async function loadProjects(entry) {
  const fallback = entry.FALLBACK_PROJECTS;
  const base = process.env.PRERENDER_API_URL;
  if (!base) return whole([...fallback], "built-in list");
  const url = `${base.replace(/\/+$/, "")}/api/projects`;
  const get = async (query) => {
    const response = await fetch(`${url}${query}`, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = await response.json();
    if (!Array.isArray(body.projects)) throw new Error("no projects list in the answer");
    return body;
  };
  try {
    const probe = await get(`?limit=${entry.WHOLE_LIST_MAX}`);
    if (probe.next === null) return whole((await get("")).projects, url);
    const seed = entry.newProjectsSeed();
    const page = await get(`?sort=random&seed=${seed}&limit=${entry.FIRST_PAGE}`);
    const { next, total, latestId, lastSeen } = page;
    return {
      projects: page.projects,
      order: page.projects.map((p) => p._id),
      paging: { seed, next, total, latestId, lastSeen },
      source: `${url} (first ${page.projects.length} of ${total})`,
    };
  } catch (error) {
    console.warn(`prerender: could not fetch ${url} (${error.message}); using the built-in list.`);
    return whole([...fallback], "built-in list (fetch failed)");
  }
}

function whole(projects, source) {
  return { projects, order: shuffle(projects.map((p) => p._id)), source };
}

/** The owner's profile as the server has it (name, birth date, e-mail, links), or undefined: the defaults. */
async function loadProfile() {
  const base = process.env.PRERENDER_API_URL;
  if (!base) return undefined;
  const url = `${base.replace(/\/+$/, "")}/api/settings/profile`;
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const profile = await response.json();
    if (typeof profile?.ownerName !== "string") throw new Error("no profile in the answer");
    return profile;
  } catch (error) {
    console.warn(`prerender: could not fetch ${url} (${error.message}); using the default profile.`);
    return undefined;
  }
}

/** Fisher-Yates: the home page's build-time random order. */
function shuffle(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The chunk of a page plus the chunks it imports, minus what the entry already loads. */
function preloadsFor(manifest, source, entryChunks) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || entryChunks.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (source) visit(source);
  return [...files];
}

function entryChunkFiles(manifest) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json)$/;

/** Writes name.gz and name.br beside every text file over 1 kB, for servers that send precompressed files. */
async function precompress(dir) {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (file.startsWith(`${ssrOut}/`)) continue; // read by the server from disk, never sent

    if ((await stat(file)).size < 1024) continue;
    const data = await readFile(file);
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(data, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    count++;
  }
  return count;
}

/** A page's own script to run before its first paint (a widget page: see prerendered-builder.ts). */
function prePaintScripts(entry, path) {
  const script = entry.prePaintScriptFor(path);
  return script ? [`<script>${script}</script>`] : [];
}

/**
 * The overlay's own entry (vite.overlay.config.ts: the widgets and React, none of the site), built into
 * dist/assets beside the site's; answers its address.
 */
async function buildOverlayEntry() {
  const result = await build({ root, configFile: join(root, "vite.overlay.config.ts"), logLevel: "warn" });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => o.output).find((file) => file.type === "chunk" && file.isEntry);
  if (!chunk) throw new Error("The overlay build wrote no entry.");
  return `/${chunk.fileName}`;
}

/**
 * A page's own script to run right after its HTML is parsed: the home page's shuffle for this visit; a widget
 * page's choice of entry (the overlay's or the site's).
 */
function afterAppScripts(entry, path, entries, preloads) {
  const sitePreloads = preloads.map((file) => `/${file}`);
  const scripts = [
    entry.afterAppScriptFor(path),
    entry.entryScriptFor(path, { ...entries, sitePreloads }) ?? siteEntryLoader(entries.site),
  ];
  return scripts
    .filter(Boolean)
    .map((script) => `<script>${script}</script>`)
    .join("");
}

/**
 * Every page asks for the site's entry once its first frame is painted, from a script after its HTML: the
 * prerendered HTML is the first view and the entry only hydrates it, so the entry's 80 kB never share the
 * bandwidth with what the first view shows (a project page's first picture) and never count in the first or
 * the largest paint (docs/performance.md, "The public pages"). `crossOrigin` as Vite's own tag has it, so the
 * page chunks preloaded with `crossorigin` are the ones its imports use.
 */
function siteEntryLoader(src) {
  return `requestAnimationFrame(()=>setTimeout(()=>document.head.append(Object.assign(document.createElement("script"),{type:"module",crossOrigin:"",src:${JSON.stringify(src)}}))))`;
}

/**
 * The page template without the site's entry in <head>: a page loads it from the script after its HTML
 * (siteEntryLoader), a widget page its own entry, and the site's chunks when it shows the builder
 * (afterAppScripts): an overlay loads none of the site.
 */
function withoutSiteEntry(html, siteEntry) {
  const tag = new RegExp(`\\s*<script type="module" crossorigin src="${siteEntry}"[^>]*></script>`);
  if (!tag.test(html)) throw new Error(`The page template lacks the site's entry script (${siteEntry}).`);
  return html.replace(tag, "");
}

function headTags(route, siteUrl, siteName, preloads, card) {
  const url = `${siteUrl}${route.path === "/" ? "/" : route.path}`;
  const tags = [
    `<title>${escapeHtml(route.title)}</title>`,
    `<meta name="description" content="${escapeHtml(route.description)}" />`,
    route.indexable ? `<link rel="canonical" href="${escapeHtml(url)}" />` : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(route.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(route.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(`${siteUrl}${card.path}`)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(card.alt)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:image" content="${escapeHtml(`${siteUrl}${card.path}`)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(card.alt)}" />`,
    // Low priority: the page's chunks load beside the first view, not before it, and are there when the
    // entry asks for them (Lighthouse: /login and /calendar 99 -> 100).
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low" />`),
  ];
  // One tag a line, unindented: the home page's HTML is held to 40 kB (weight-budgets.json).
  return tags.join("\n");
}

async function main() {
  const started = Date.now();
  const entry = await buildServerEntry();
  const template = await readFile(join(dist, "index.html"), "utf8");
  const manifestPath = join(dist, ".vite", "manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const entryChunks = entryChunkFiles(manifest);
  const entries = { site: `/${manifest["index.html"].file}`, overlay: await buildOverlayEntry() };
  const siteUrl = (process.env.SITE_URL ?? entry.SITE_SETTINGS.siteUrl).replace(/\/+$/, "");
  const profile = await loadProfile();
  const defaultName = entry.SITE_SETTINGS.ownerName;
  const siteName = profile?.ownerName ?? defaultName;
  const named = (text) => (siteName === defaultName ? text : text.replaceAll(defaultName, siteName));
  const { projects, order, paging, source } = await loadProjects(entry);
  const initialData = {
    projects,
    order,
    builtAt: new Date().toISOString(),
    ...(profile ? { profile } : {}),
    ...(paging ? { paging } : {}),
  };
  // The data hydration needs is a hashed file the pages preload, not inline JSON: the first paint does
  // not wait for its bytes, and the pages that use it (home, calendar) share one cached copy.
  const dataJson = entry.serializeInitialData(initialData);
  const dataFile = `assets/data-${createHash("sha256").update(dataJson).digest("hex").slice(0, 10)}.json`;
  await writeFile(join(dist, dataFile), dataJson);
  const dataLink = `<link rel="preload" as="fetch" crossorigin href="/${dataFile}" id="${entry.INITIAL_DATA_ID}" />`;

  if (!["<!--app-->", "<!--head-->", "<!--after-app-->"].every((placeholder) => template.includes(placeholder))) {
    throw new Error("dist/index.html lacks the <!--head--> / <!--app--> / <!--after-app--> placeholders.");
  }
  const page = template;
  const withCriticalCss = criticalCss(dist);

  // The home page's share card, which every page but the projects' names as its og:image.
  const tagline = profile?.tagline ?? entry.SITE_SETTINGS.tagline;
  const homeCard = { path: entry.homeCardPath(siteName, tagline, siteUrl), alt: `${siteName}: ${tagline}` };
  await writeFile(
    join(dist, homeCard.path),
    await entry.renderShareCard(entry.homeShareCard(siteName, tagline, siteUrl)),
  );

  const written = [];
  const pagesHtml = [];
  for (const route of entry.ROUTE_META) {
    const appHtml = await entry.render(route.path, initialData);
    const preloads = preloadsFor(manifest, PAGE_SOURCES[route.path], entryChunks);
    const meta = { ...route, title: named(route.title), description: named(route.description) };
    const isWidget = entry.entryScriptFor(route.path, { ...entries, sitePreloads: [] }) !== null;
    const pageHtml = withoutSiteEntry(page, entries.site);
    const html = await withCriticalCss(
      pageHtml
        .replace(/\s*<title>[^<]*<\/title>/, "")
        .replace(
          "<!--head-->",
          [
            headTags(meta, siteUrl, siteName, isWidget ? [] : preloads, homeCard),
            ...(WITH_PROJECTS.has(route.path) ? [dataLink] : []),
            ...prePaintScripts(entry, route.path),
          ].join("\n    "),
        )
        .replace("<!--app-->", appHtml)
        .replace("<!--after-app-->", afterAppScripts(entry, route.path, entries, preloads)),
    );
    const file = join(dist, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    written.push(route.file);
    pagesHtml.push(html);
  }

  // A page per project known now (the whole list, not only the home page's first screenful); the server
  // renders a project saved later into the same template (dist/.render, loaded by apps/server).
  const apiBase = process.env.PRERENDER_API_URL;
  const allProjects = await loadAllProjects(apiBase, entry.FALLBACK_PROJECTS);
  const projectPreloads = preloadsFor(manifest, PAGE_SOURCES[PROJECT_PAGE_BUDGET], entryChunks);
  const projectPageTemplate = await projectTemplate({
    entry,
    page: withoutSiteEntry(page, entries.site),
    afterApp: `<script>${siteEntryLoader(entries.site)}</script>`,
    preloadTags: projectPreloads
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low" />`)
      .join("\n    "),
    withCriticalCss,
    siteUrl,
    siteName,
  });
  await writeFile(join(ssrOut, PROJECT_TEMPLATE), projectPageTemplate);
  const projectPages = await writeProjectPages({
    entry,
    dist,
    template: projectPageTemplate,
    projects: allProjects,
    siteUrl,
    siteName,
    apiBase,
  });
  for (const { file, html } of projectPages) {
    written.push(file);
    pagesHtml.push(html);
  }

  const today = new Date().toISOString().slice(0, 10);
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entry.ROUTE_META.filter((r) => r.indexable).map(
      (r) => `  <url><loc>${escapeHtml(`${siteUrl}${r.path}`)}</loc><lastmod>${today}</lastmod></url>`,
    ),
    ...projectPages.map(
      ({ path, project }) =>
        `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc><lastmod>${project.updatedAt.slice(0, 10)}</lastmod></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  await writeFile(join(dist, "sitemap.xml"), sitemap);
  const disallowed = [
    "/admin/",
    "/account",
    "/reset-password",
    "/activate-account",
    "/accept-invitation",
    "/confirm-email",
    "/twitch/",
  ];
  await writeFile(
    join(dist, "robots.txt"),
    [
      "User-agent: *",
      "Allow: /",
      ...disallowed.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${siteUrl}/sitemap.xml`,
      "",
    ].join("\n"),
  );

  const compressed = await precompress(dist);

  // Every executable inline script of the pages written (the pre-paint theme, the stylesheet switch, the
  // home page's shuffle for this visit, the widget pages' stale-builder check).
  const inlineScripts = [
    ...new Set(pagesHtml.flatMap((html) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]))),
  ];
  const hashes = inlineScripts.map((s) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`);
  await writeFile(join(dist, "csp.json"), `${JSON.stringify({ scriptSrcHashes: hashes }, null, 2)}\n`);

  // Fails the build on a page whose JavaScript or HTML passed its budget (weight-budgets.json).
  await checkWeights({
    dist,
    pages: pagesOf([...entry.ROUTE_META.map((route) => route.path), PROJECT_PAGE_BUDGET]),
    budgets: await readBudgets(join(root, "weight-budgets.json")),
  });
  await checkHtmlWeights({ dist, budgets: await readHtmlBudgets(join(root, "weight-budgets.json")) });

  await rm(join(dist, ".vite"), { recursive: true, force: true });
  console.log(
    `prerender: ${written.length} pages (${projects.length} projects from ${source}), sitemap.xml, robots.txt, csp.json in ${Date.now() - started} ms`,
  );
  console.log(`prerender: ${compressed} files precompressed (.gz and .br beside each)`);
  console.log(`prerender: inline script hashes for script-src: ${hashes.join(" ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
