/** The Dashboard's figures: projects by status, users by role and state, sign-ups awaiting activation. */
import type { DashboardStats } from "../domain/api-types.ts";
import { projectStatus } from "../domain/projects.ts";
import { deriveRole, ROLE_KEYS, type RoleKey } from "../domain/roles.ts";
import type { Actor, Core } from "./context.ts";
import { assertCan, can } from "./policy.ts";
import { listProjects } from "./projects.service.ts";
import { listRoles } from "./roles.service.ts";
import { isAwaitingActivation, listUserRows, parsePermissions } from "./users.table.ts";

export async function dashboardStats(core: Core, actor: Actor): Promise<DashboardStats> {
  assertCan(actor, "dashboard.view");
  const projects = await listProjects(core.db);
  const latestId = projects.find((p) => p.isLatest)?._id;
  const counts = { total: projects.length, latest: 0, active: 0, archived: 0 };
  for (const project of projects) counts[projectStatus(project, latestId)]++;
  const stats: DashboardStats = { projects: counts };
  if (!can(actor, "users.view")) return stats;

  const roles = await listRoles(core, actor);
  const rows = await listUserRows(core.db);
  const byRole = Object.fromEntries(ROLE_KEYS.map((key) => [key, 0])) as Record<RoleKey, number>;
  for (const row of rows) byRole[deriveRole(parsePermissions(row.permissions), roles)]++;
  const inactive = rows.filter((r) => r.is_active !== 1).length;
  const pending = rows.filter(isAwaitingActivation).sort((a, b) => b.created_at.localeCompare(a.created_at));
  stats.users = {
    total: rows.length,
    active: rows.length - inactive,
    inactive,
    byRole,
    pendingActivations: pending
      .slice(0, 10)
      .map((r) => ({ _id: r.id, username: r.username, email: r.email, createdAt: r.created_at })),
  };
  return stats;
}
