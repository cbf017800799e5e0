/**
 * CSRF defence (docs/security.md, promise 3, 23): a state-changing call must carry an Origin (or Referer) equal to PUBLIC_URL's
 * origin or to an origin of CORS_ORIGINS. Never the Host header: an attacker's page chooses it freely (DNS
 * rebinding, a proxy that passes it on), so trusting it lets any site vouch for itself. Allow-listed origins
 * also get CORS headers with credentials; `null` (sandboxed frames, file: pages, redirects) never does,
 * because any page can make its origin `null`.
 */
import type { RequestHandler } from "express";
import { bearerToken } from "../sync/bearer.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Only real http(s) origins from the list: `null`, paths and typos are dropped rather than trusted. */
export function allowListedOrigins(corsOrigins: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const entry of corsOrigins) {
    const origin = originOf(entry);
    if (origin?.startsWith("http")) origins.add(origin);
  }
  return origins;
}

export function originCheck(publicUrl: string, corsOrigins: readonly string[]): RequestHandler {
  const cors = allowListedOrigins(corsOrigins);
  const allowed = new Set([new URL(publicUrl).origin, ...cors]);
  return (req, res, next) => {
    const origin = req.get("origin");
    if (origin && cors.has(origin)) {
      res.set({
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Credentials": "true",
        // The site's client reads Retry-After to resend a write whose first attempt still runs.
        "Access-Control-Expose-Headers": "Retry-After, Idempotent-Replayed",
        Vary: "Origin",
      });
      if (req.method === "OPTIONS") {
        res.set({
          "Access-Control-Allow-Methods": "GET,POST,PATCH,DELETE",
          // Idempotency-Key: the site's client sends one with every creating write.
          "Access-Control-Allow-Headers": "Content-Type, Idempotency-Key",
          "Access-Control-Max-Age": "600",
        });
        res.status(204).end();
        return;
      }
    }
    if (SAFE_METHODS.has(req.method)) return next();
    // A device token (desktop app) is judged by the token alone, never a cookie: nothing to forge cross-site.
    if (bearerToken(req) !== undefined) return next();
    // A present Origin decides alone (even "null"); Referer is only the fallback for clients that omit Origin.
    const claimed = origin !== undefined ? originOf(origin) : originOf(req.get("referer"));
    if (claimed && allowed.has(claimed)) return next();
    res.status(403).json({ error: "Cross-site request refused: this call must come from the site itself." });
  };
}
