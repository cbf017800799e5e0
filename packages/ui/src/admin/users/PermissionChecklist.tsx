/** Checkboxes for single permissions, grouped by category in the catalogue's colours. */
import { cx } from "../../components/cx.ts";
import { dotClasses } from "../chip-colors.ts";
import { groupOptions, type PermissionOption } from "../permission-choices.ts";

export function PermissionChecklist({
  options,
  onToggle,
  compact = false,
}: {
  options: readonly PermissionOption[];
  onToggle: (name: string) => void;
  compact?: boolean;
}) {
  return (
    <div className={cx("grid gap-3", compact ? "sm:grid-cols-2" : "")} data-testid="permission-checklist">
      {groupOptions(options).map(([category, list]) => (
        <fieldset key={category} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            {category}
          </legend>
          <ul className="space-y-1.5">
            {list.map(({ definition, checked, disabled, reason }) => (
              <li key={definition.name}>
                <label
                  className={cx(
                    "flex items-start gap-2.5 rounded-lg px-1.5 py-1",
                    disabled ? "cursor-not-allowed" : "cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60",
                  )}
                  title={disabled ? reason : definition.description}
                >
                  <input
                    type="checkbox"
                    name={definition.name}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onToggle(definition.name)}
                    className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                  />
                  <span className={cx("min-w-0", disabled && "opacity-75")}>
                    <span className="flex items-center gap-1.5 font-mono text-sm font-medium">
                      <span aria-hidden="true" className={cx("size-1.5 rounded-full", dotClasses(definition.color))} />
                      {definition.name}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {definition.description}
                      {disabled && reason && !definition.description.toLowerCase().includes(reason.toLowerCase())
                        ? ` · ${reason}`
                        : ""}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
