/**
 * `GET /media/{hash}` and `GET /media/{hash}/{width}.{avif|webp}`: pictures from the database
 * (services/media.service.ts), addressed by their hash, so an answer never changes: cached for a year as
 * immutable, by the browser and by any balancer or CDN in front. The ETag is the hash.
 */
import { mediaAnswer } from "@portfolio/core/services";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function mediaHandler(app: AppContext): RequestHandler {
  return async (req, res, next) => {
    try {
      const { hash, file } = req.params as { hash: string; file?: string };
      const answer = await mediaAnswer(app.core.db, hash, file);
      if (answer.kind === "none") {
        res.set("Cache-Control", "no-store").status(404).json({ error: "No such picture." });
        return;
      }
      res.set("Cache-Control", MEDIA_CACHE_CONTROL);
      if (answer.kind === "redirect") {
        res.redirect(301, answer.location);
        return;
      }
      const etag = `"${hash}"`;
      res.set("ETag", etag);
      if (req.get("if-none-match") === etag) {
        res.status(304).end();
        return;
      }
      res.type(answer.contentType).send(answer.bytes);
    } catch (error) {
      next(error);
    }
  };
}
