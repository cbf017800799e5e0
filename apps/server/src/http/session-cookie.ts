/**
 * The session cookie (docs/security.md, promise 1): httpOnly, SameSite=Lax, Path=/, Secure behind HTTPS. The request's actor
 * is resolved from it once per request, with permissions re-read from the database (docs/security.md, promise 9).
 */
import type { IncomingMessage } from "node:http";
import type { Actor, Core } from "@portfolio/core/services";
import { ANONYMOUS, resolveSession } from "@portfolio/core/services";
import { resolveDeviceToken } from "@portfolio/core/sync";
import type { CookieOptions, Request, Response } from "express";
import { bearerToken } from "../sync/bearer.ts";

export const SESSION_COOKIE = "session";

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function cookieOptions(req: Request, publicUrl: string): CookieOptions {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: req.secure || publicUrl.startsWith("https:") };
}

export function setSessionCookie(
  req: Request,
  res: Response,
  token: string,
  publicUrl: string,
  maxAgeMs: number,
): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req, publicUrl), maxAge: maxAgeMs });
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req, publicUrl));
}

/** The 5-minute login step: a password waiting for its second factor, or a passkey challenge. */
export const LOGIN_STEP_COOKIE = "login_step";
export const LOGIN_STEP_MAX_AGE_MS = 5 * 60 * 1000;

export function setLoginStepCookie(req: Request, res: Response, token: string, publicUrl: string): void {
  res.cookie(LOGIN_STEP_COOKIE, token, { ...cookieOptions(req, publicUrl), maxAge: LOGIN_STEP_MAX_AGE_MS });
}

export function clearLoginStepCookie(req: Request, res: Response, publicUrl: string): void {
  res.clearCookie(LOGIN_STEP_COOKIE, cookieOptions(req, publicUrl));
}

const ACTOR = Symbol("actor");
const USER_ID = Symbol("userId");
type WithActor = Request & { [ACTOR]?: Promise<Actor>; [USER_ID]?: string };

/** The id of the user this request was found to come from, once `actorOf` has resolved it (the request log). */
export function knownUserId(req: IncomingMessage): string | undefined {
  return (req as WithActor)[USER_ID];
}

/**
 * Who is calling: the device token's user when an `Authorization: Bearer` header is present (an unknown or
 * revoked token is anonymous, never a fallback to the cookie), else the session's user, else anonymous.
 * Memoised per request.
 */
export function actorOf(core: Core, req: Request): Promise<Actor> {
  const request = req as WithActor;
  if (!request[ACTOR]) {
    const bearer = bearerToken(req);
    const token = readCookie(req, SESSION_COOKIE);
    request[ACTOR] =
      bearer !== undefined
        ? resolveDeviceToken(core, bearer).then((user) => user ?? ANONYMOUS)
        : token
          ? resolveSession(core, token).then((user) => user ?? ANONYMOUS)
          : Promise.resolve(ANONYMOUS);
    // A failed lookup is the request's own error (answered where it is awaited); this copy only reads it.
    request[ACTOR].then(
      (actor) => {
        if (actor.kind === "user") request[USER_ID] = actor.id;
      },
      () => {},
    );
  }
  return request[ACTOR];
}
