/** Every error becomes `{"error": "<human message>"}` with a fitting status; never an HTML stack trace. */
import { DomainError, type DomainErrorKind } from "@portfolio/core/domain";
import type { ErrorRequestHandler, RequestHandler } from "express";

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    if (err instanceof DomainError) {
      res.status(STATUS[err.kind]).json({ error: err.message });
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
    if (parserError?.expose && parserError.status && parserError.status < 500) {
      res.status(parserError.status).json({ error: parserError.message ?? "Bad request." });
      return;
    }
    log(`Unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    res.status(500).json({ error: "Something went wrong on the server. Please try again." });
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API endpoint at ${req.method} ${req.path}.` });
};
