/** The admin panel's calls (spec section 7); every rule is checked by the core services. */
import {
  dashboardStats,
  deleteUser,
  listAuditLog,
  listRoles,
  listUsers,
  requestUserPasswordReset,
  updateRolePermissions,
  updateUser,
} from "@portfolio/core/services";
import { Router } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf } from "../http/session-cookie.ts";

export function adminRoutes({ core }: AppContext): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/dashboard", async (req, res) => {
    res.json(await dashboardStats(core, await actorOf(core, req)));
  });

  router.get("/audit", async (req, res) => {
    res.json(await listAuditLog(core, await actorOf(core, req), req.query));
  });

  router.get("/roles", async (req, res) => {
    res.json(await listRoles(core, await actorOf(core, req)));
  });

  router.patch("/roles/:roleKey", async (req, res) => {
    res.json(await updateRolePermissions(core, await actorOf(core, req), req.params.roleKey, req.body));
  });

  router.get("/users", async (req, res) => {
    res.json({ users: await listUsers(core, await actorOf(core, req)) });
  });

  router.patch("/users/:id", async (req, res) => {
    res.json(await updateUser(core, await actorOf(core, req), req.params.id, req.body));
  });

  router.delete("/users/:id", async (req, res) => {
    await deleteUser(core, await actorOf(core, req), req.params.id);
    res.status(204).end();
  });

  router.post("/users/:id/reset-password", async (req, res) => {
    res.json(await requestUserPasswordReset(core, await actorOf(core, req), req.params.id));
  });

  return router;
}
