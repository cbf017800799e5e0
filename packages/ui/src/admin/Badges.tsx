/** Role badges, Active/Inactive pills and permission chips grouped by category, in the catalogue's colours. */
import {
  groupPermissionsByCategory,
  isOwner,
  PERMISSION_CATALOGUE,
  type RoleKey,
  type RoleView,
} from "@portfolio/core/domain";
import { cx } from "../components/cx.ts";
import { chipClasses, dotClasses } from "./chip-colors.ts";

const CHIP = "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

export function RoleBadge({ roleKey, role, custom = false }: { roleKey: RoleKey; role: RoleView; custom?: boolean }) {
  return (
    <span
      className={cx(CHIP, "whitespace-nowrap", chipClasses(role.color))}
      data-testid="role-badge"
      data-role={roleKey}
    >
      <span aria-hidden="true" className={cx("size-1.5 rounded-full", dotClasses(role.color))} />
      {role.name}
      {custom ? <span className="font-normal opacity-90">(custom)</span> : null}
    </span>
  );
}

export function StatusPill({ active }: { active: boolean }) {
  return (
    <span
      data-testid="user-status"
      className={cx(
        CHIP,
        active
          ? "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800"
          : "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600",
      )}
    >
      <span
        aria-hidden="true"
        className={cx("size-1.5 rounded-full", active ? "bg-emerald-500" : "bg-slate-400 dark:bg-slate-500")}
      />
      {active ? "Active" : "Inactive"}
    </span>
  );
}

export function PermissionChip({ name, color, title }: { name: string; color: string; title?: string }) {
  return (
    <span title={title} className={cx(CHIP, "font-mono font-medium", chipClasses(color))} data-permission={name}>
      {name}
    </span>
  );
}

/** Permissions grouped by category; the owner is shown with every permission (spec section 6). */
export function PermissionGroups({ permissions }: { permissions: readonly string[] }) {
  const shown = isOwner(permissions) ? PERMISSION_CATALOGUE.map((d) => d.name) : permissions;
  const groups = Object.entries(groupPermissionsByCategory(shown));
  if (groups.length === 0) return <span className="text-sm text-slate-600 dark:text-slate-400">No permissions</span>;
  return (
    <div className="flex flex-col gap-1.5" data-testid="permission-groups">
      {groups.map(([category, definitions]) => (
        <div key={category} data-category={category}>
          <p className="text-[0.6875rem] font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            {category}
          </p>
          <ul className="mt-0.5 flex flex-wrap gap-1" aria-label={`${category} permissions`}>
            {definitions.map((d) => (
              <li key={d.name}>
                <PermissionChip name={d.name} color={d.color} title={d.description} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
