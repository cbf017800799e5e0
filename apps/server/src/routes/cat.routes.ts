/**
 * Cat of the day (`GET /api/cat-of-the-day` → `{url, date, source}`) and the server's own fallback
 * illustrations (`GET /api/cat-of-the-day/fallback/<n>.svg`, files in apps/server/resources/cats).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CatOfTheDayService } from "@portfolio/core/services";
import { Router } from "express";
import type { AppContext } from "../app-context.ts";

export const CAT_FALLBACK_PATH = "/cat-of-the-day/fallback";

/** The numbered SVGs of the folder (1.svg, 2.svg, ...), read once; an absent folder means none. */
function loadFallbacks(dir: string, log: (line: string) => void): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    log(`Cat of the day: no fallback images at ${dir}; an unreachable cat API will answer 503.`);
  }
  for (const name of names
    .filter((n) => /^\d+\.svg$/.test(n))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))) {
    files.set(name, readFileSync(join(dir, name)));
  }
  return files;
}

export function catRoutes({ core, config, log }: AppContext): Router {
  const fallbacks = loadFallbacks(config.catApi.fallbackDir, log);
  const cats = new CatOfTheDayService({
    db: core.db,
    now: () => core.now(),
    baseUrl: config.catApi.baseUrl,
    apiKey: config.catApi.apiKey,
    fallbackUrls: [...fallbacks.keys()].map((name) => `/api${CAT_FALLBACK_PATH}/${name}`),
  });

  const router = Router();

  router.get("/cat-of-the-day", async (_req, res) => {
    // Revalidate every time: the pick changes at midnight UTC, and a fallback turns into a photo once the API is back.
    res.set("Cache-Control", "no-cache").json(await cats.today());
  });

  router.get(`${CAT_FALLBACK_PATH}/:file`, (req, res) => {
    const svg = fallbacks.get(req.params.file);
    if (!svg) {
      res.status(404).json({ error: "No such fallback cat image." });
      return;
    }
    res.set({
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      // An SVG opened on its own is a document: let it run nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    res.send(svg);
  });

  return router;
}
