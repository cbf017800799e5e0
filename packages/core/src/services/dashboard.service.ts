/**
 * The Dashboard's figures: projects by status, users by role and state, sign-ups awaiting activation, and
 * 90 days of daily counts. Users are counted by `user_counts` and listed through indexes: the
 * answer costs the same at 100,000 users as at 100.
 */
import type { DashboardStats } from "../domain/api-types.ts";
import { RANK_ROLES, ROLE_KEYS, type RoleKey } from "../domain/roles.ts";
import type { Actor, Core } from "./context.ts";
import { dailySeries } from "./daily-counts.table.ts";
import { assertCan, can } from "./policy.ts";
import { projectCounts } from "./projects.service.ts";
import { readUserCounts } from "./user-counts.table.ts";
import { newestAwaitingActivation, parsePermissions } from "./users.table.ts";

export async function dashboardStats(core: Core, actor: Actor): Promise<DashboardStats> {
  assertCan(actor, "dashboard.view");
  const stats: DashboardStats = { projects: await projectCounts(core.db) };
  if (!can(actor, "users.view")) return stats;

  const byRole = Object.fromEntries(ROLE_KEYS.map((key) => [key, 0])) as Record<RoleKey, number>;
  const byState = { active: 0, pending: 0, deactivated: 0, inactive: 0 };
  for (const row of await readUserCounts(core.db)) {
    byRole[RANK_ROLES[row.rank] ?? "user"] += row.count;
    byState[row.state] += row.count;
  }
  const total = byState.active + byState.pending + byState.deactivated + byState.inactive;
  const pending = await newestAwaitingActivation(core.db, 10);
  stats.users = {
    total,
    active: byState.active,
    inactive: total - byState.active,
    pending: byState.pending,
    deactivated: byState.deactivated,
    byRole,
    pendingActivations: pending.map((r) => ({
      _id: r.id,
      username: r.username,
      email: r.email,
      permissions: parsePermissions(r.permissions),
      createdAt: r.created_at,
    })),
  };
  stats.daily = await dailySeries(core.db, core.now());
  return stats;
}
