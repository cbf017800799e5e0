/**
 * GET /api/projects, the hottest call: the same answer for every caller (no session lookup), served from
 * memory with an ETag. The app also mounts it ahead of the API router, so it skips the routing layers and
 * the body parser that only writes need.
 */
import { operations, parseOperationInput } from "@portfolio/core/domain";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";

export function projectListHandler({ projectsCache }: AppContext): RequestHandler {
  const spec = operations["projects.list"];
  return async (req, res) => {
    parseOperationInput(spec, { params: {}, query: req.query, body: undefined });
    const cached = projectsCache.get();
    const list = cached instanceof Promise ? await cached : cached;
    res.setHeader("ETag", list.etag);
    res.setHeader("Cache-Control", spec.cache);
    if (req.headers["if-none-match"] === list.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.send(list.body);
  };
}
