/**
 * Serves the site's static export: one prerendered HTML file per route, hashed assets with long cache
 * headers, and 404.html with status 404 for unknown paths (and for /404 itself). The export ships a `.br`
 * and a `.gz` copy of each larger text file; the smallest one the browser accepts is sent.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import express, { type Request, type Response, type Router } from "express";

export interface StaticSite {
  router: Router;
  /** sha256 sources of the inline scripts in the export (e.g. the dark-mode pre-paint script), for the CSP. */
  inlineScriptHashes: string[];
}

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * The export's files, but those in dot folders: `.render` holds the prerender's bundle and the project page
 * template, which the server loads to render pages (project-pages.ts) and never sends. Walked folder by
 * folder, never into a dot folder: filtering a recursive listing by each path's parts cost a start 20 ms.
 */
function allFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...allFiles(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Maps '/login' to dist/login.html or dist/login/index.html; '/' to dist/index.html. */
function routeOf(siteDir: string, file: string): string {
  const path = `/${relative(siteDir, file).split(sep).join("/")}`;
  if (path === "/index.html") return "/";
  return path.replace(/\/index\.html$/, "").replace(/\.html$/, "");
}

/** Hashes executable inline scripts only: data blocks (type="application/json") never run. */
function inlineScriptHashes(htmlFiles: string[]): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles) {
    for (const match of readFileSync(file, "utf8").matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      const type = /\btype=["']?([^"'\s>]+)/.exec(match[1] ?? "")?.[1];
      const executable = type === undefined || type === "module" || /javascript/i.test(type);
      const content = match[2] ?? "";
      if (executable && content.trim() !== "") {
        hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
      }
    }
  }
  return [...hashes];
}

export function staticSite(siteDir: string, log: (line: string) => void): StaticSite {
  const router = express.Router();
  if (!existsSync(join(siteDir, "index.html"))) {
    log(`No site export at ${siteDir}: only the API is served. Run "pnpm build" to build the site.`);
    router.use((_req, res) => {
      res.status(404).type("text/plain").send('The site has not been built. Run "pnpm build".');
    });
    return { router, inlineScriptHashes: [] };
  }
  const files = allFiles(siteDir);
  const available = new Set(files);
  const htmlFiles = files.filter((file) => file.endsWith(".html"));
  const pages = new Map(htmlFiles.map((file) => [routeOf(siteDir, file), file]));
  const notFoundPage = pages.get("/404");

  /** Sends a file, compressed when a precompressed copy exists and the browser accepts it. */
  const send = (req: Request, res: Response, file: string, status: number, cacheControl: string) => {
    const accepted = req.get("accept-encoding") ?? "";
    const encoding = ENCODINGS.find(
      (e) => available.has(file + e.suffix) && new RegExp(`\\b${e.name}\\b`).test(accepted),
    );
    res.status(status);
    res.set({ "Cache-Control": cacheControl, Vary: "Accept-Encoding" });
    res.type(extname(file));
    if (encoding) res.set("Content-Encoding", encoding.name);
    res.sendFile(encoding ? file + encoding.suffix : file, { cacheControl: false, lastModified: false, etag: true });
  };

  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      path = req.path;
    }
    // A file of the export (assets, robots.txt, sitemap.xml, favicon), never its compressed twin by name.
    const file = join(siteDir, path);
    if (!path.includes("..") && extname(path) !== "" && available.has(file) && !/\.(br|gz)$/.test(path)) {
      // Share cards are named by a digest of what they show (card-<key>.png), like the hashed assets.
      const hashed = path.startsWith("/assets/") || /\/card-[0-9a-f]{16}\.png$/.test(path);
      send(req, res, file, 200, hashed ? "public, max-age=31536000, immutable" : "no-cache");
      return;
    }
    const route = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const page = route === "/404" ? undefined : pages.get(route);
    if (page) send(req, res, page, 200, "no-cache");
    else if (notFoundPage) send(req, res, notFoundPage, 404, "no-cache");
    else res.status(404).type("text/plain").send("Not found");
  });
  return { router, inlineScriptHashes: inlineScriptHashes(htmlFiles) };
}
