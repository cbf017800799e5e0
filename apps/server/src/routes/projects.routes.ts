/** Projects: the public list (cached, with ETag) and the editor's writes. */
import { createProject, deleteProject, updateProject } from "@portfolio/core/services";
import { type RequestHandler, Router } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf } from "../http/session-cookie.ts";

/**
 * GET /api/projects, the hottest call: the same answer for every caller (no session lookup), served from
 * memory with an ETag. The app mounts it ahead of the API router, so it skips the routing layers and the
 * body parser that only writes need.
 */
export function projectListHandler({ projectsCache }: AppContext): RequestHandler {
  return async (req, res) => {
    const cached = projectsCache.get();
    const list = cached instanceof Promise ? await cached : cached;
    res.setHeader("ETag", list.etag);
    res.setHeader("Cache-Control", "no-cache");
    if (req.headers["if-none-match"] === list.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.send(list.body);
  };
}

/** The editor's writes; each one invalidates the cached list. */
export function projectRoutes({ core, projectsCache }: AppContext): Router {
  const router = Router();

  router.post("/projects", async (req, res) => {
    const project = await createProject(core, await actorOf(core, req), req.body);
    projectsCache.invalidate();
    res.status(201).json(project);
  });

  router.patch("/projects/:id", async (req, res) => {
    const project = await updateProject(core, await actorOf(core, req), req.params.id, req.body);
    projectsCache.invalidate();
    res.json(project);
  });

  router.delete("/projects/:id", async (req, res) => {
    await deleteProject(core, await actorOf(core, req), req.params.id);
    projectsCache.invalidate();
    res.status(204).end();
  });

  return router;
}
