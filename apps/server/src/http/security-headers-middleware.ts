/**
 * The full path's choice between the two sets of security headers (security-headers.ts): the API's paths that
 * answer a page to read keep the pages' policy. Apart from the headers themselves because it reads the whole
 * operation registry, which the fast paths, built before it, must not import (docs/performance.md, "Start").
 */
import { type OperationSpec, operations } from "@portfolio/core/domain";
import type { RequestHandler } from "express";
import type { AppSecurityHeaders } from "./security-headers.ts";

/** The API's paths that answer a page to read (the registry's `text/html` operations): they keep the pages' policy. */
const API_PAGES: ReadonlySet<string> = new Set(
  Object.values<OperationSpec>(operations)
    .filter((spec) => spec.produces === "text/html")
    .map((spec) => spec.path),
);

/** Whether the answer to `path` is API data, not a page. */
export function answersData(path: string): boolean {
  return path.startsWith("/api/") && !API_PAGES.has(path);
}

/** The full path's middleware: every answer starts with the security headers, an API answer with the API's. */
export function securityHeaders({ page, api }: AppSecurityHeaders): RequestHandler {
  const pageHeaders = new Map(page.map);
  const apiHeaders = new Map(api.map);
  return (req, res, next) => {
    res.setHeaders(answersData(req.path) ? apiHeaders : pageHeaders);
    next();
  };
}
