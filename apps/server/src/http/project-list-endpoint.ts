/**
 * GET /api/projects, the hottest call: the same answer for every caller (no session lookup), served from
 * memory with an ETag. The app also mounts it ahead of the API router, so it skips the routing layers and
 * the body parser that only writes need; the plain form of the call (no query, no Origin: what the site
 * and most clients send) is answered by the first middleware of all, in one write of precomputed headers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { operations, parseOperationInput } from "@portfolio/core/domain";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";
import type { CachedList } from "./projects-cache.ts";

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

/** A handler over Node's own request and response, so it can run before Express sets a request up. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The plain call answered before Express sees the request, with the same headers and body the handler
 * above gives (the security headers included; a test compares the two). Anything else (a query to
 * validate, an Origin that may need CORS headers, HEAD) goes on to the full path. `next` takes no error.
 */
export function projectListFastPath(
  { projectsCache }: AppContext,
  securityHeaders: ReadonlyMap<string, string>,
): RawHandler {
  const spec = operations["projects.list"];
  const base = Object.fromEntries(securityHeaders);
  const answer = (req: IncomingMessage, res: ServerResponse, list: CachedList) => {
    const headers = { ...base, ETag: list.etag, "Cache-Control": spec.cache };
    if (req.headers["if-none-match"] === list.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res
      .writeHead(200, {
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": list.body.length,
      })
      .end(list.body);
  };
  return (req, res, next) => {
    if (req.method !== "GET" || req.url !== spec.path || req.headers.origin !== undefined) return next();
    const cached = projectsCache.get();
    // A failed read goes the full path, whose error handler answers it.
    if (cached instanceof Promise)
      cached.then(
        (list) => answer(req, res, list),
        () => next(),
      );
    else answer(req, res, cached);
  };
}
