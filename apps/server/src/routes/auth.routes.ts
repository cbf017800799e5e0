/** Login screen calls and the session: thin adapters over core/services/auth. */
import { Unauthenticated } from "@portfolio/core/domain";
import {
  activateAccount,
  changeOwnPassword,
  deleteSessionByToken,
  endOwnSession,
  forgotPassword,
  listOwnSessions,
  login,
  requireUser,
  resetPassword,
  signup,
} from "@portfolio/core/services";
import { Router } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf, clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from "../http/session-cookie.ts";

export function authRoutes({ core, config, rateLimits }: AppContext): Router {
  const router = Router();

  router.get("/me", async (req, res) => {
    const actor = await actorOf(core, req);
    if (actor.kind !== "user") throw new Unauthenticated("Not logged in.");
    res
      .set("Cache-Control", "no-store")
      .json({ _id: actor.id, username: actor.username, permissions: actor.permissions });
  });

  router.post("/login", ...rateLimits.login, async (req, res) => {
    const { user, sessionToken } = await login(core, req.body, req.get("user-agent") ?? "");
    setSessionCookie(req, res, sessionToken, config.publicUrl, core.config.sessionTtlMs);
    res.json(user);
  });

  router.post("/logout", async (req, res) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await deleteSessionByToken(core.db, token);
    clearSessionCookie(req, res, config.publicUrl);
    res.status(204).end();
  });

  router.post("/signup", ...rateLimits.signup, async (req, res) => {
    res.status(201).json(await signup(core, req.body));
  });

  router.post("/activate-account", async (req, res) => {
    res.json(await activateAccount(core, req.body));
  });

  router.post("/forgot-password", ...rateLimits.forgot, async (req, res) => {
    res.json(await forgotPassword(core, req.body));
  });

  router.post("/reset-password", async (req, res) => {
    res.json(await resetPassword(core, req.body));
  });

  router.post("/account/password", ...rateLimits.login, async (req, res) => {
    res.json(await changeOwnPassword(core, await actorOf(core, req), req.body));
  });

  router.get("/sessions", async (req, res) => {
    res
      .set("Cache-Control", "no-store")
      .json({ sessions: await listOwnSessions(core, requireUser(await actorOf(core, req))) });
  });

  router.delete("/sessions/:id", async (req, res) => {
    await endOwnSession(core, requireUser(await actorOf(core, req)), req.params.id);
    res.status(204).end();
  });

  return router;
}
