/**
 * How `POST /api/sync/push`, the one 4 MB body, is taken in (docs/security.md, promise 27: nothing is parsed before the
 * caller is known). In this order, each step before the next costs anything:
 *
 * 1. the caller: an unknown, revoked or expired device token (or no credential) is a 401 before a byte of
 *    the body is read, so an anonymous client's megabytes are never parsed;
 * 2. the rate limit per credential;
 * 3. the raw bytes, up to the 4 MB limit (413 beyond: at once for a body announced larger);
 * 4. their shape: nesting deeper than SYNC_MAX_DEPTH is a 400 and more than SYNC_MAX_OPS ops a 413, found
 *    by one scan of the bytes before `JSON.parse` builds the tree;
 * 5. `JSON.parse`; the operation's schema then reads the body as for any other call.
 *
 * An answer given before the body was read still reaches a client busy writing it: the rest is read and
 * discarded up to the limit, never parsed (http/early-answer.ts). The later `express.json` sees a body
 * already read and leaves it alone.
 */
import {
  Invalid,
  SYNC_MAX_DEPTH,
  SYNC_MAX_OPS,
  SYNC_MESSAGES,
  TooLarge,
  Unauthenticated,
} from "@portfolio/core/domain";
import express, { type RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";
import { announcedWithin, deliverEarlyAnswers } from "../http/early-answer.ts";
import { actorOf } from "../http/session-cookie.ts";
import { checkJsonShape } from "./json-shape.ts";

/** 4 MB: the largest push body. */
export const SYNC_PUSH_BODY_LIMIT = 4 * 1024 * 1024;

/** Answers 401 for a caller who is nobody, before the body is read (the rest is discarded, never parsed). */
export function knownCaller(app: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const actor = await actorOf(app.core, req);
    next(actor.kind === "user" ? undefined : new Unauthenticated());
  };
}

/** Shaped like body-parser's own error, so the error handler answers it as every body over its limit. */
const tooLarge = () => Object.assign(new Error("request entity too large"), { type: "entity.too.large", status: 413 });

/** Parses the raw body read by `express.raw` once its shape is within the limits. */
export const parsePushBody: RequestHandler = (req, _res, next) => {
  const raw: unknown = req.body;
  if (!Buffer.isBuffer(raw)) return next();
  const shape = checkJsonShape(raw, { maxDepth: SYNC_MAX_DEPTH, countedKey: "ops", maxItems: SYNC_MAX_OPS });
  if (shape === "too_deep") return next(new Invalid(SYNC_MESSAGES.tooDeep));
  if (shape === "too_many_items") return next(new TooLarge(SYNC_MESSAGES.tooManyOps));
  try {
    req.body = JSON.parse(raw.toString("utf8"));
  } catch {
    // Shaped like body-parser's own error, so the error handler answers it as every malformed body.
    return next(Object.assign(new Error("malformed JSON"), { type: "entity.parse.failed", status: 400 }));
  }
  next();
};

export function syncPushIntake(app: AppContext): RequestHandler[] {
  return [
    deliverEarlyAnswers(SYNC_PUSH_BODY_LIMIT),
    knownCaller(app),
    ...app.rateLimits.syncPush,
    announcedWithin(SYNC_PUSH_BODY_LIMIT, tooLarge),
    express.raw({ type: "application/json", limit: SYNC_PUSH_BODY_LIMIT }),
    parsePushBody,
  ];
}
