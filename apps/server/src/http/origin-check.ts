/**
 * CSRF defence (SECURITY 3): a state-changing call must carry an Origin (or Referer) of this site or of an
 * allow-listed origin. Allow-listed origins also get CORS headers with credentials.
 */
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export function originCheck(publicUrl: string, corsOrigins: readonly string[]): RequestHandler {
  const allowed = new Set([new URL(publicUrl).origin, ...corsOrigins]);
  const cors = new Set(corsOrigins);
  return (req, res, next) => {
    const origin = req.get("origin");
    if (origin && cors.has(origin)) {
      res.set({ "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" });
      if (req.method === "OPTIONS") {
        res.set({
          "Access-Control-Allow-Methods": "GET,POST,PATCH,DELETE",
          "Access-Control-Allow-Headers": "Content-Type",
          "Access-Control-Max-Age": "600",
        });
        res.status(204).end();
        return;
      }
    }
    if (SAFE_METHODS.has(req.method)) return next();
    const self = `${req.protocol}://${req.get("host")}`;
    // A present Origin decides alone (even "null"); Referer is only the fallback for clients that omit Origin.
    const claimed = origin !== undefined ? originOf(origin) : originOf(req.get("referer"));
    if (claimed && (claimed === self || allowed.has(claimed))) return next();
    res.status(403).json({ error: "Cross-site request refused: this call must come from the site itself." });
  };
}
