/**
 * The outside services this server offers to the operations (the playlist shuffler's YouTube client, the cat
 * of the day) and the cat fallback illustrations they point at (apps/server/resources/cats).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { catPicturePaths } from "@portfolio/core/domain/cat";
import { ROUTES } from "@portfolio/core/domain/operations/routes.generated";
import { CatOfTheDayService } from "@portfolio/core/services/cat-of-the-day.service";
import type { Core, CoreTools } from "@portfolio/core/services/context";
import { PlaylistService } from "@portfolio/core/services/youtube/playlist.service";
import { createYouTubeClient } from "@portfolio/core/services/youtube/youtube-client";
import type { ServerConfig } from "./config.ts";

/** The numbered SVGs of the folder (1.svg, 2.svg, ...), read once; an absent folder means none. */
/** The cat's pictures, served beside the operations: the fallback illustrations and the redirect to today's. */
export const CAT_PICTURES = catPicturePaths(ROUTES["tools.catOfTheDay"].path);

export function loadCatFallbacks(dir: string, log: (line: string) => void): Map<string, Buffer> {
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

export function createTools(
  core: Pick<Core, "db" | "now">,
  config: ServerConfig,
  catFallbacks: ReadonlyMap<string, Buffer>,
): CoreTools {
  const { apiKey, baseUrl, cacheSeconds } = config.youtube;
  return {
    playlists: new PlaylistService({
      client: apiKey ? createYouTubeClient({ apiKey, baseUrl }) : undefined,
      cacheMs: cacheSeconds * 1000,
      now: () => core.now(),
    }),
    cats: new CatOfTheDayService({
      db: core.db,
      now: () => core.now(),
      baseUrl: config.catApi.baseUrl,
      apiKey: config.catApi.apiKey,
      fallbackUrls: [...catFallbacks.keys()].map((name) => `${CAT_PICTURES.fallback}/${name}`),
    }),
    twitchTokenKey: config.twitchTokenKey,
    twitch: { clientId: config.twitch.clientId, authBaseUrl: config.twitch.authBaseUrl },
  };
}
