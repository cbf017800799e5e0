/**
 * GET /api/projects, the hottest call: the same answer for every caller (no session lookup), served from
 * memory with an ETag. The app also mounts it ahead of the API router, so it skips the routing layers and
 * the body parser that only writes need; the plain form of the call (no query, no Origin: what the site
 * and most clients send) is answered by the first middleware of all, in one write of precomputed headers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isProjectsPageQuery, operations, type ProjectsQuery, parseOperationInput } from "@portfolio/core/domain";
import { projectsPage } from "@portfolio/core/services";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";
import type { CachedList } from "./projects-cache.ts";

export function projectListHandler({ projectsCache, core }: AppContext): RequestHandler {
  const spec = operations["projects.list"];
  return async (req, res) => {
    const query = parseOperationInput(spec, { params: {}, query: req.query, body: undefined });
    // A page is read from the database each time: its indexes make it cheap, and the sorts and
    // seeds are too many to keep in memory.
    if (isProjectsPageQuery(query)) {
      res.set("Cache-Control", "no-store").json(await projectsPage(core.db, query as ProjectsQuery));
      return;
    }
    const cached = projectsCache.get();
    // The security (and any CORS) headers are already on `res`, set by the middleware before this.
    sendList(req, res, cached instanceof Promise ? await cached : cached);
  };
}

/** The list's answer, both paths: 304 for a matching ETag, else the cached bytes; `headers` go with it. */
function sendList(req: IncomingMessage, res: ServerResponse, list: CachedList, headers: Record<string, string> = {}) {
  const common = { ...headers, ETag: list.etag, "Cache-Control": operations["projects.list"].cache };
  if (req.headers["if-none-match"] === list.etag) {
    res.writeHead(304, common).end();
    return;
  }
  res
    .writeHead(200, {
      ...common,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": list.body.length,
    })
    .end(list.body);
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
  return (req, res, next) => {
    if (req.method !== "GET" || req.url !== spec.path || req.headers.origin !== undefined) return next();
    const cached = projectsCache.get();
    // A failed read goes the full path, whose error handler answers it.
    if (cached instanceof Promise)
      cached.then(
        (list) => sendList(req, res, list, base),
        () => next(),
      );
    else sendList(req, res, cached, base);
  };
}
