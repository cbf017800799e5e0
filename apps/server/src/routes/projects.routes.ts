/** Projects: the public list (cached, with ETag) and the editor's writes. */
import { createProject, deleteProject, updateProject } from "@portfolio/core/services";
import { Router } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf } from "../http/session-cookie.ts";

export function projectRoutes({ core, projectsCache }: AppContext): Router {
  const router = Router();

  // The answer is the same for every caller, so no session lookup is needed here.
  router.get("/projects", async (req, res) => {
    const list = await projectsCache.get();
    res.set({ ETag: list.etag, "Cache-Control": "no-cache" });
    if (req.get("if-none-match") === list.etag) {
      res.status(304).end();
      return;
    }
    res.type("application/json").send(list.body);
  });

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
