/**
 * JSON bodies are UTF-8 (RFC 8259 §8.1). The body parser would decode any "utf-*" label (UTF-16 and UTF-32
 * text read as something else than the caller meant) and answer other labels with its own raw message: a
 * body declared in any other charset is refused here with one clear 415, before a byte of it is read.
 */
import type { RequestHandler } from "express";

export const UTF8_ONLY_MESSAGE = "Send the request body as JSON in UTF-8.";

const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/** The charset a Content-Type header declares, lower case, or undefined without one. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  const match = contentType ? CHARSET.exec(contentType) : null;
  return match ? (match[1] ?? match[2] ?? "").toLowerCase() : undefined;
}

export const utf8JsonOnly: RequestHandler = (req, res, next) => {
  const charset = declaredCharset(req.get("content-type"));
  if (charset === undefined || charset === "utf-8" || charset === "utf8" || !req.is("application/json")) next();
  else res.status(415).json({ error: UTF8_ONLY_MESSAGE });
};
