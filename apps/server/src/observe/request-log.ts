/**
 * Runs for every request the public reads' fast path passes on (that one counts and logs its own answers:
 * fast-path-observer.ts), before Express: gives it an id (answered in
 * `X-Request-Id`), and when its answer is done (or the client went away) writes its one log line and
 * counts it. The line holds the method, the path without its query (a query may carry a token), the
 * operation name, the status, the duration and the caller's user id when known; never a body, a header,
 * a cookie, a token or an e-mail address.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RawHandler } from "../http/raw-handler.ts";
import { knownUserId } from "../http/session-cookie.ts";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import { operationLabel } from "./operation-label.ts";
import { chooseRequestId, REQUEST_ID_HEADER, setRequestId } from "./request-id.ts";

/** Long paths are cut: the line stays one readable line whatever a caller sends. */
const MAX_PATH = 200;

export interface RequestLogOptions {
  logger: Logger;
  metrics: Metrics | undefined;
  trustProxy: boolean;
}

function pathOf(url: string): string {
  return url.split("?", 1)[0]?.slice(0, MAX_PATH) ?? "/";
}

export function requestLog({ logger, metrics, trustProxy }: RequestLogOptions): RawHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const reqId = chooseRequestId(req.headers["x-request-id"], trustProxy);
    setRequestId(req, reqId);
    res.setHeader(REQUEST_ID_HEADER, reqId);
    // Read now: Express's routers rewrite `req.url` on the way (a router mounted at /api strips it).
    const url = req.url ?? "/";
    res.once("close", () => done(req, res, url, started, reqId));
    next();
  };

  function done(req: IncomingMessage, res: ServerResponse, url: string, started: bigint, reqId: string): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const operation = operationLabel(req.method, url);
    const method = req.method ?? "GET";
    // A client that left before the answer ended: logged with the status it would have had, marked so.
    const aborted = !res.writableFinished;
    metrics?.request(operation, method, res.statusCode, seconds);
    const entry = {
      reqId,
      method,
      path: pathOf(url),
      operation,
      status: res.statusCode,
      durationMs: Math.round(seconds * 10_000) / 10,
      userId: knownUserId(req),
      ...(aborted ? { aborted } : {}),
    };
    if (res.statusCode >= 500) logger.error(entry, "request");
    else logger.info(entry, "request");
  }
}
