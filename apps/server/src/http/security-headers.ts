/**
 * Security headers (docs/security.md, promise 15) from helmet, built here once for every way an answer
 * leaves the server: the full Express path (`securityHeaders`), the public reads' fast path and the visit
 * beacon's fast path (`rawHeaders`), so the three cannot drift apart. With no per-request nonces helmet's
 * headers are the same for every answer, so they are computed once at start-up: helmet's thirteen
 * middlewares per request were the largest share of our overhead on the hottest call (GET /api/projects).
 *
 * Two sets: pages get the Content-Security-Policy that allows exactly what they run; an API answer is data
 * that no browser should ever render or run, so it gets the policy that allows nothing. That policy is also a
 * twentieth of the pages' length, on every answer of the hottest calls (docs/performance.md, "The public
 * reads").
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import type { ServerConfig } from "../config.ts";

/** The security headers of every answer, in both the shapes that set them. */
export interface SecurityHeaders {
  /** For `res.setHeaders` on the full path. */
  readonly map: ReadonlyMap<string, string>;
  /** The same pairs flat (name, value, name, value, ...), as `res.writeHead` takes a whole header list. */
  readonly flat: readonly string[];
}

/** The security headers of pages, and of the API's answers. */
export interface AppSecurityHeaders {
  readonly page: SecurityHeaders;
  readonly api: SecurityHeaders;
}

/** An API answer's policy: nothing in it may load, run or be framed, should a browser ever open it as a page. */
const API_POLICY = { "default-src": ["'none'"], "frame-ancestors": ["'none'"] };

/** WebSocket sources on this machine, any port. */
const LOOPBACK_WEBSOCKETS = ["ws://127.0.0.1:*", "ws://localhost:*", "http://127.0.0.1:*", "http://localhost:*"];

/**
 * The server's security headers: the pages' Content-Security-Policy allows the site export's inline scripts by
 * hash; the API's allows nothing.
 */
export function appSecurityHeaders(
  config: Pick<ServerConfig, "publicUrl" | "production">,
  inlineScriptHashes: readonly string[],
): AppSecurityHeaders {
  const https = config.publicUrl.startsWith("https:");
  const map = precomputeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...inlineScriptHashes, "https://www.youtube.com", "https://s.ytimg.com"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        // Stream widgets: Twitch chat (IRC over WebSocket), BTTV/FFZ/7TV emote sets and their update feeds,
        // the Pulsoid and HypeRate heart-rate feeds, from the browser. Outside production, loopback
        // addresses too, so a widget can be tried against local sources.
        "connect-src": [
          "'self'",
          "wss://irc-ws.chat.twitch.tv",
          "wss://dev.pulsoid.net",
          "wss://app.hyperate.io",
          "https://api.betterttv.net",
          "wss://sockets.betterttv.net",
          "https://api.frankerfacez.com",
          "https://7tv.io",
          "wss://events.7tv.io",
          ...(config.production ? [] : LOOPBACK_WEBSOCKETS),
        ],
        "frame-src": ["https://www.youtube.com", "https://www.youtube-nocookie.com"],
        "frame-ancestors": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        // Only behind HTTPS: on plain-http localhost these would break the page.
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    // Token pages carry secrets in the query string: never send it on as a Referer.
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
  });
  return { page: headerSet(map), api: apiSecurityHeaderSet(config) };
}

/**
 * The API's security headers alone: what the public reads' fast path needs, made before the pages' policy
 * (which waits for the site export's script hashes) and before Express (main.ts). `appSecurityHeaders` takes
 * its `api` from here, so the two cannot differ.
 */
export function apiSecurityHeaderSet(config: Pick<ServerConfig, "publicUrl">): SecurityHeaders {
  return headerSet(apiSecurityHeaders(config.publicUrl.startsWith("https:")));
}

/**
 * An API answer's headers: those that guard data (its policy, `nosniff`, who may embed or frame it, no
 * Referer, HTTPS only), without those that only a document acts on (opener and agent-cluster isolation, DNS
 * prefetching, old Internet Explorer's and Flash's switches): each costs every client a header to parse on
 * every answer of the hottest calls and protects nothing in JSON.
 */
function apiSecurityHeaders(https: boolean): ReadonlyMap<string, string> {
  return precomputeSecurityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: https,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: "deny" },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

function headerSet(map: ReadonlyMap<string, string>): SecurityHeaders {
  return { map, flat: [...map].flat() };
}

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

/**
 * A whole header list for one `res.writeHead(status, list)`: `first` (a request id's slot, say), the
 * security headers, then `rest`. Node takes such a list as it is, where a `setHeader` per header (or a
 * header object after one) costs a call, a validation and an entry each (docs/performance.md, "The public
 * reads").
 */
export function rawHeaders(
  security: SecurityHeaders,
  rest: Readonly<Record<string, string | number>>,
  first: readonly string[] = [],
): string[] {
  return [...first, ...security.flat, ...Object.entries(rest).flatMap(([name, value]) => [name, String(value)])];
}
