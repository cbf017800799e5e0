/** The preview beside the editor: the role these permissions show as, and what they allow, in words. */

import { RoleBadge } from "../Badges.tsx";
import { describeAccess } from "../effective-permissions.ts";
import type { RoleSet } from "../user-editor.ts";

export function EffectivePermissions({
  permissions,
  roles,
  changed,
}: {
  permissions: readonly string[];
  roles: RoleSet;
  changed: boolean;
}) {
  const summary = describeAccess(permissions, roles);
  return (
    <section
      aria-label="Effective permissions"
      data-testid="effective-permissions"
      className="self-start rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-800/50"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">What this allows</h3>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <RoleBadge roleKey={summary.role} role={roles[summary.role]} custom={!summary.exact} />
        {changed ? (
          <span className="text-xs font-medium text-indigo-700 dark:text-indigo-300">Unsaved change</span>
        ) : null}
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-4 text-slate-700 dark:text-slate-300">
        {summary.allows.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {summary.warnings.length > 0 ? (
        <ul className="mt-3 space-y-1.5" aria-label="Warnings">
          {summary.warnings.map((line) => (
            <li
              key={line}
              className="rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:bg-amber-950/70 dark:text-amber-200"
            >
              {line}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
