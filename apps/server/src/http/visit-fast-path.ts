/**
 * POST /api/visits, the beacon of every page shown (docs/design.md section 10; docs/performance.md): the plain
 * form of the call (same-origin JSON of at most 4 kB, no credential) is answered before Express sets the
 * request up, as the project list's plain call is, with the same headers and answers the full path gives:
 * 204, or the registry's 400 for bad input. Anything else (a session or device token, whose owner may be staff;
 * a CORS origin; no Origin; another media type; a larger or chunked body) goes the full path (visit-beacon.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { DomainError, ERROR_STATUS, operations, parseOperationInput } from "@portfolio/core/domain";
import { runOperation } from "@portfolio/core/operations";
import { ANONYMOUS } from "@portfolio/core/services";
import type { AppContext } from "../app-context.ts";
import type { RawHandler } from "./raw-handler.ts";
import { rawHeaders, type SecurityHeaders } from "./security-headers.ts";

const MAX_BODY = 4096;
const JSON_TYPE = /^application\/json\s*(;\s*charset=("?)utf-?8\2\s*)?$/i;
const NOT_JSON = "The request body is not valid JSON.";

export function visitFastPath({ core, config, log }: AppContext, security: SecurityHeaders): RawHandler {
  const spec = operations["visits.record"];
  const siteOrigin = new URL(config.publicUrl).origin;
  // The 204's whole header list, made once: the security headers of every answer, and no-store.
  const noContent = rawHeaders(security, { "Cache-Control": "no-store" });
  const answer = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status, noContent).end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(
      status,
      rawHeaders(security, {
        "Cache-Control": "no-store",
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(text),
      }),
    );
    res.end(text);
  };
  return (req, res, next) => {
    const h = req.headers;
    const length = Number(h["content-length"]);
    if (
      req.method !== "POST" ||
      req.url !== spec.path ||
      h.cookie !== undefined ||
      h.authorization !== undefined ||
      h.origin !== siteOrigin ||
      !JSON_TYPE.test(h["content-type"] ?? "") ||
      !(length >= 0 && length <= MAX_BODY)
    )
      return next();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => req.socket.destroy());
    req.on("end", () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer(res, 400, { error: NOT_JSON });
      }
      const parts = { params: {}, query: {}, body };
      try {
        parseOperationInput(spec, parts);
      } catch (error) {
        if (error instanceof DomainError)
          return answer(res, ERROR_STATUS[error.kind], { ...error.payload, error: error.message });
        throw error;
      }
      answer(res, 204);
      const transport = {
        userAgent: h["user-agent"] ?? "",
        visitor: { address: clientAddress(req, config.trustProxy), optedOut: optedOut(req) },
      };
      const work = runOperation({ core, actor: ANONYMOUS, transport }, "visits.record", parts);
      core.inFlight.track(work).catch((error: unknown) => log(`A visit beacon failed: ${String(error)}`));
    });
  };
}

export function optedOut(req: IncomingMessage): boolean {
  return req.headers["sec-gpc"] === "1" || req.headers.dnt === "1";
}

/** The address Express's `req.ip` gives: with TRUST_PROXY (every proxy trusted), the first X-Forwarded-For entry. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  const first = trustProxy && typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return first || req.socket.remoteAddress || "";
}
