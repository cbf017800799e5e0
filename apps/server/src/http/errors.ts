/** Every error becomes `{"error": "<human message>"}` with a fitting status; never an HTML stack trace. */
import { DomainError, ERROR_STATUS } from "@portfolio/core/domain";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { requestIdOf } from "../observe/request-id.ts";

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

/** Express's router raises a URIError (status 400) when a path parameter such as `/projects/%ZZ` cannot be decoded. */
export const MALFORMED_PATH_MESSAGE = "The URL path is not valid: it contains a malformed percent-encoding.";

export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      // Too late for a JSON answer; Express's fallback would print the stack outside production.
      log(
        `Error after the answer started (request ${requestIdOf(req)}): ${err instanceof Error ? err.message : String(err)}`,
      );
      req.socket.destroy();
      return;
    }
    if (err instanceof URIError) {
      res.status(400).json({ error: MALFORMED_PATH_MESSAGE });
      return;
    }
    if (err instanceof DomainError) {
      res.status(ERROR_STATUS[err.kind]).json({ ...err.payload, error: err.message });
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError?.type === "entity.too.large") {
      res.status(413).json({ error: "The request body is too large." });
      return;
    }
    if (parserError?.type === "entity.parse.failed") {
      res.status(400).json({ error: "The request body is not valid JSON." });
      return;
    }
    if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
      // Only messages written for clients (http-errors' `expose`) are passed on; others could name internals.
      const message = parserError.expose ? parserError.message : undefined;
      res.status(parserError.status).json({ error: message ?? "The request is not valid." });
      return;
    }
    // The request id is in the answer and in this line: what a user reports leads an operator here.
    const requestId = requestIdOf(req);
    log(`Unexpected error (request ${requestId}): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    res.status(500).json({ error: "Something went wrong on the server. Please try again.", requestId });
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API endpoint at ${req.method} ${req.path}.` });
};
