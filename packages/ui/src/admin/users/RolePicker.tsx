/** Role mode: one radio per assignable role (never owner); roles granting what you lack are disabled. */
import type { RoleKey } from "@portfolio/core/domain";
import { cx } from "../../components/cx.ts";
import { dotClasses } from "../chip-colors.ts";
import type { RoleOption } from "../user-editor.ts";

export function RolePicker({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: readonly RoleOption[];
  value: RoleKey | null;
  onChange: (role: RoleKey) => void;
}) {
  return (
    <fieldset data-testid="role-picker">
      <legend className="sr-only">Role</legend>
      <div className="space-y-2">
        {options.map(({ key, role, disabled, reason }) => (
          <label
            key={key}
            className={cx(
              "flex items-start gap-3 rounded-xl border p-3 transition-colors",
              disabled ? "cursor-not-allowed opacity-70" : "cursor-pointer",
              value === key
                ? "border-indigo-400 bg-indigo-50 dark:border-indigo-500/70 dark:bg-indigo-950/60"
                : "border-slate-200 dark:border-slate-700",
              !disabled && value !== key && "hover:border-slate-300 dark:hover:border-slate-600",
            )}
          >
            <input
              type="radio"
              name={name}
              value={key}
              checked={value === key}
              disabled={disabled}
              onChange={() => onChange(key)}
              className="mt-1 size-4 accent-indigo-600"
            />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2 font-semibold">
                <span aria-hidden="true" className={cx("size-2 rounded-full", dotClasses(role.color))} />
                {role.name}
                <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                  {role.permissions.length} {role.permissions.length === 1 ? "permission" : "permissions"}
                </span>
              </span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{role.description}</span>
              {disabled && reason ? (
                <span className="mt-1 block text-xs text-amber-800 dark:text-amber-300">{reason}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
