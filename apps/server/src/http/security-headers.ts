/**
 * Security headers (docs/security.md, promise 15) from helmet. With no per-request nonces helmet's headers are the same for
 * every answer, so they are computed once at start-up and set in one step: helmet's thirteen middlewares
 * per request were the largest share of our overhead on the hottest call (GET /api/projects).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** helmet's headers for `options`, computed once (they are the same for every answer). */
export function precomputeSecurityHeaders(options: HelmetOptions): ReadonlyMap<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error("helmet did not finish synchronously; its headers cannot be precomputed.");
  return headers;
}

export function securityHeaders(precomputed: ReadonlyMap<string, string>): RequestHandler {
  const headers = new Map(precomputed);
  return (_req, res, next) => {
    res.setHeaders(headers);
    next();
  };
}
