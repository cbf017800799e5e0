/**
 * The playlist shuffler (spec section 7): `?test=true` is the availability check, `?playlistId=` the whole
 * playlist. The service caches playlists and shares concurrent fetches; uncached calls spend YouTube quota,
 * so those are rate-limited per IP.
 */
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { PlaylistVideo } from "@portfolio/core/domain";
import { createYouTubeClient, PlaylistService } from "@portfolio/core/services";
import { type Request, type Response, Router } from "express";
import type { AppContext } from "../app-context.ts";

const gzipAsync = promisify(gzip);
const GZIP_MIN_BYTES = 1024;

interface Encoded {
  json: Buffer;
  gzipped: Promise<Buffer | undefined> | undefined;
}

export function youtubeRoutes({ core, config, rateLimits }: AppContext): Router {
  const { apiKey, baseUrl, cacheSeconds } = config.youtube;
  const playlists = new PlaylistService({
    client: apiKey ? createYouTubeClient({ apiKey, baseUrl }) : undefined,
    cacheMs: cacheSeconds * 1000,
    now: () => core.now(),
  });
  // A cached playlist is the same array each time: serialise and compress it once (5,000 videos are about
  // 700 KB of JSON, 80 KB gzipped).
  const bodies = new WeakMap<readonly PlaylistVideo[], Encoded>();
  const encode = (videos: readonly PlaylistVideo[]): Encoded => {
    let encoded = bodies.get(videos);
    if (!encoded) {
      const json = Buffer.from(JSON.stringify({ videos }));
      const gzipped = json.length >= GZIP_MIN_BYTES ? gzipAsync(json).catch(() => undefined) : undefined;
      encoded = { json, gzipped };
      bodies.set(videos, encoded);
    }
    return encoded;
  };

  const servePlaylist = async (req: Request, res: Response) => {
    const started = performance.now();
    const { videos, cached } = await playlists.getPlaylist(req.query.playlistId);
    const encoded = encode(videos);
    const gzipped =
      encoded.gzipped && /\bgzip\b/.test(req.get("accept-encoding") ?? "") ? await encoded.gzipped : undefined;
    res.vary("Accept-Encoding");
    if (gzipped) res.set("Content-Encoding", "gzip");
    res.set({
      "Cache-Control": "no-store",
      "Server-Timing": `playlist;dur=${(performance.now() - started).toFixed(1)};desc="${cached ? "cache" : "youtube"}"`,
    });
    res.type("application/json").send(gzipped ?? encoded.json);
  };

  const router = Router();

  router.get("/youtube-playlist", async (req, res, next) => {
    if (req.query.test === "true") {
      await playlists.checkAvailability();
      res.set("Cache-Control", "no-store").json({ available: true });
      return;
    }
    // Only fetches that spend quota count against the limit: not the availability check the page makes on
    // every visit, nor a playlist already cached (a shared link opened by a whole stream audience).
    if (playlists.isCached(req.query.playlistId)) {
      await servePlaylist(req, res);
      return;
    }
    next();
  });
  router.get("/youtube-playlist", ...rateLimits.playlist, servePlaylist);

  return router;
}
