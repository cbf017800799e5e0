/** The Dashboard's figures: projects by status, users by state and by role. */
import { type DashboardStats, ROLE_KEYS } from "@portfolio/core/domain";
import { cx } from "../../components/cx.ts";
import { dotClasses } from "../chip-colors.ts";
import type { RoleSet } from "../user-editor.ts";

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const CARD = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";
const TITLE = "text-sm font-semibold text-slate-900 dark:text-white";

export function StatCards({ stats, roles }: { stats: DashboardStats; roles: RoleSet }) {
  const { projects, users } = stats;
  return (
    <div className={cx("grid gap-4", users ? "md:grid-cols-3" : "md:grid-cols-1")}>
      <section className={CARD} aria-labelledby="stat-projects" data-testid="stat-projects">
        <h3 id="stat-projects" className={TITLE}>
          Projects
        </h3>
        <dl className="mt-3 grid grid-cols-4 gap-3">
          <Figure label="Total" value={projects.total} testId="projects-total" />
          <Figure label="Latest" value={projects.latest} />
          <Figure label="Active" value={projects.active} />
          <Figure label="Archived" value={projects.archived} />
        </dl>
      </section>
      {users ? (
        <>
          <section className={CARD} aria-labelledby="stat-users" data-testid="stat-users">
            <h3 id="stat-users" className={TITLE}>
              Users
            </h3>
            <dl className="mt-3 grid grid-cols-3 gap-3">
              <Figure label="Total" value={users.total} testId="users-total" />
              <Figure label="Active" value={users.active} />
              <Figure label="Inactive" value={users.inactive} testId="users-inactive" />
            </dl>
          </section>
          <section className={CARD} aria-labelledby="stat-roles" data-testid="stat-roles">
            <h3 id="stat-roles" className={TITLE}>
              Users by role
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
              {ROLE_KEYS.map((key) => (
                <div key={key} className="flex items-center justify-between gap-2">
                  <dt className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
                    <span aria-hidden="true" className={cx("size-2 rounded-full", dotClasses(roles[key].color))} />
                    {roles[key].name}
                  </dt>
                  <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{users.byRole[key]}</dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      ) : null}
    </div>
  );
}
