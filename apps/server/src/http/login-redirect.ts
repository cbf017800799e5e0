/**
 * GET /login with a live session answers a redirect to where that user belongs (the admin panel for staff
 * with website:admin:view, else home), before the static login page is sent: no login form flashes up for
 * someone already logged in. Without a session, or with an expired one, the page is served as usual.
 */
import { LOGIN_PATH, landingPath } from "@portfolio/core/domain";
import type { Core } from "@portfolio/core/services";
import type { NextFunction, Request, Response } from "express";
import { actorOf, readCookie, SESSION_COOKIE } from "./session-cookie.ts";

export function loginRedirect(core: Core) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    if ((req.method !== "GET" && req.method !== "HEAD") || path !== LOGIN_PATH) return next();
    // No cookie: the common case costs no database read.
    if (!readCookie(req, SESSION_COOKIE)) return next();
    try {
      const actor = await actorOf(core, req);
      if (actor.kind !== "user") return next();
      // Depends on the cookie: never stored by a cache, never reused for another visitor.
      res.set("Cache-Control", "no-store");
      res.redirect(302, landingPath(actor));
    } catch (error) {
      next(error);
    }
  };
}
