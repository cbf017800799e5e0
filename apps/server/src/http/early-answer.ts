/**
 * An answer given before a request's body was read (a 401 for an ended device token, a 413 for a body
 * announced too large, a 429) reaches the client (docs/security.md). Closing the
 * connection at once would not do: the client is still writing, and a socket closed with bytes unread
 * answers them with a reset, which the client sees instead of the answer (a desktop then believes it is
 * offline rather than asked to sign in again).
 *
 * So the rest of the body is read and thrown away, never parsed nor kept, up to the route's limit; the
 * connection then serves its next request as usual. A client that sends more than the limit gets the end
 * of the connection after the answer (a half-close: it can still read everything) and, after a short
 * linger for the bytes already on their way, the socket is closed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/** How long a connection past its limit stays open, half-closed, for the client to read the answer. */
export const LINGER_MS = 2_000;

/** Reads and discards what is left of `req`'s body, up to `limitBytes`, then ends the connection gently. */
export function discardRestOfBody(req: IncomingMessage, res: ServerResponse, limitBytes: number): void {
  if (req.complete || req.readableFlowing) return;
  let seen = 0;
  let lingering = false;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= limitBytes || lingering) return;
    lingering = true;
    if (res.writableFinished) linger(req);
    else res.once("finish", () => linger(req));
  });
}

function linger(req: IncomingMessage): void {
  const socket = req.socket;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/**
 * For a route whose body is read late (after the caller and the rate limit are known): whatever answers the
 * request before its body was read, the rest of the body is discarded up to `limitBytes` so the answer
 * arrives. Runs as the answer is handed over, before Node decides what to do with unread bytes.
 */
export function deliverEarlyAnswers(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    res.once("prefinish", () => discardRestOfBody(req, res, limitBytes));
    next();
  };
}

/** A 413 before a byte is read, for a body announced larger than the route takes (no waiting for it all). */
export function announcedWithin(limitBytes: number, refuse: () => Error): RequestHandler {
  return (req, _res, next) => {
    const announced = Number(req.get("content-length") ?? 0);
    next(announced > limitBytes ? refuse() : undefined);
  };
}
