/** The owner's public profile: read by the site, changed from the admin panel's Settings tab. */
import { getSiteProfile, updateSiteProfile } from "@portfolio/core/services";
import { Router } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf } from "../http/session-cookie.ts";

export function settingsRoutes({ core }: AppContext): Router {
  const router = Router();

  router.get("/settings/profile", async (_req, res) => {
    res.set("Cache-Control", "no-cache").json(await getSiteProfile(core.db));
  });

  router.patch("/admin/settings/profile", async (req, res) => {
    res.json(await updateSiteProfile(core, await actorOf(core, req), req.body));
  });

  return router;
}
