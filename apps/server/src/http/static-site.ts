/**
 * Serves the site's static export: one prerendered HTML file per route, hashed assets with long cache
 * headers, and 404.html with status 404 for unknown paths (and for /404 itself).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import express, { type RequestHandler, type Router } from "express";

export interface StaticSite {
  router: Router;
  /** sha256 sources of the inline scripts in the export (e.g. the dark-mode pre-paint script), for the CSP. */
  inlineScriptHashes: string[];
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Maps '/login' to dist/login.html or dist/login/index.html; '/' to dist/index.html. */
function routeOf(siteDir: string, file: string): string {
  const path = `/${relative(siteDir, file).split(sep).join("/")}`;
  if (path === "/index.html") return "/";
  return path.replace(/\/index\.html$/, "").replace(/\.html$/, "");
}

function inlineScriptHashes(files: string[]): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const content = match[1] ?? "";
      if (content.trim() !== "") hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
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
  const files = htmlFiles(siteDir);
  const routes = new Map(files.map((file) => [routeOf(siteDir, file), file]));
  const notFoundPage = routes.get("/404");

  router.use(
    express.static(siteDir, {
      index: false,
      redirect: false,
      setHeaders: (res, path) => {
        const hashed = path.includes(`${sep}assets${sep}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    }),
  );

  const page: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const file = path === "/404" ? undefined : routes.get(path);
    res.setHeader("Cache-Control", "no-cache");
    if (file) {
      res.sendFile(file);
    } else if (notFoundPage) {
      res.status(404).sendFile(notFoundPage);
    } else {
      res.status(404).type("text/plain").send("Not found");
    }
  };
  router.use(page);
  return { router, inlineScriptHashes: inlineScriptHashes(files) };
}
