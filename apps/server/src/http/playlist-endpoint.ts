/**
 * The playlist shuffler over HTTP (spec section 7): `?test=true` is the availability check (always 200, with
 * `available` true or false), `?playlistId=` the whole playlist (503 when YouTube cannot answer). The answer is
 * the registry operation's; this adds what HTTP can do better: a cached playlist is serialised and gzipped
 * once, and only fetches that spend YouTube quota meet the rate limit.
 */
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { operations, type PlaylistVideo, parseOperationInput, Unavailable } from "@portfolio/core/domain";
import { playlistAvailability } from "@portfolio/core/services";
import type { Request, RequestHandler, Response } from "express";
import type { AppContext } from "../app-context.ts";

const gzipAsync = promisify(gzip);
const GZIP_MIN_BYTES = 1024;

interface Encoded {
  json: Buffer;
  gzipped: Promise<Buffer | undefined> | undefined;
}

export function playlistHandlers({ core }: AppContext): { serveUnlimited: RequestHandler; serve: RequestHandler } {
  const spec = operations["tools.playlist"];
  const playlists = () => {
    if (!core.tools?.playlists) throw new Unavailable("The playlist shuffler is not available here.");
    return core.tools.playlists;
  };
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
  const input = (req: Request) => parseOperationInput(spec, { params: {}, query: req.query, body: undefined });

  const servePlaylist = async (req: Request, res: Response) => {
    const started = performance.now();
    const { videos, cached } = await playlists().getPlaylist(input(req).playlistId);
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

  return {
    // The availability check the page makes on every visit, and a playlist already cached (a shared link opened
    // by a whole stream audience), are answered ahead of the rate limit.
    serveUnlimited: async (req, res, next) => {
      const { test, playlistId } = input(req);
      if (test === "true") {
        // 200 either way: an unavailable upstream is the probe's answer, not a failed request.
        res.set("Cache-Control", "no-store").json(await playlistAvailability(core.tools?.playlists));
        return;
      }
      if (playlists().isCached(playlistId)) {
        await servePlaylist(req, res);
        return;
      }
      next();
    },
    serve: servePlaylist,
  };
}
