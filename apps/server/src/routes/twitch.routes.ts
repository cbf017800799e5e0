/**
 * Twitch: the authorization result posted by /twitch/callback, and its status for the admin panel.
 * The credential goes into the database only: no answer and no log line carries it.
 */
import { getTwitchStatus, saveTwitchAuthorization } from "@portfolio/core/services";
import { Router } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf } from "../http/session-cookie.ts";

export function twitchRoutes({ core, config, rateLimits, log }: AppContext): Router {
  const options = { tokenKey: config.twitchTokenKey };
  if (!options.tokenKey && config.production) {
    log("TWITCH_TOKEN_KEY is not set: a Twitch authorization will be stored unencrypted in the database.");
  }
  const router = Router();

  router.post("/twitch-callback", ...rateLimits.twitchCallback, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await saveTwitchAuthorization(core, await actorOf(core, req), req.body, options));
  });

  router.get("/admin/twitch", async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await getTwitchStatus(core, await actorOf(core, req)));
  });

  return router;
}
