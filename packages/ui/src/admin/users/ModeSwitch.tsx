/** Role-based or custom permissions: a two-option radio group styled as a segmented control. */
import { cx } from "../../components/cx.ts";
import type { EditMode } from "../user-editor.ts";

const MODES: ReadonlyArray<{ value: EditMode; label: string; hint: string }> = [
  { value: "role", label: "Role-based", hint: "Give one of the roles" },
  { value: "custom", label: "Custom permissions", hint: "Pick single permissions" },
];

export function ModeSwitch({
  mode,
  onChange,
  name,
}: {
  mode: EditMode;
  onChange: (mode: EditMode) => void;
  name: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Permissions</legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1 dark:border-slate-700 dark:bg-slate-800/60">
        {MODES.map((option) => (
          <label
            key={option.value}
            className={cx(
              "relative flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 dark:has-[:focus-visible]:outline-indigo-400",
              mode === option.value
                ? "bg-white font-semibold text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white"
                : "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={mode === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            <span>{option.label}</span>
            <span className="text-xs font-normal text-slate-600 dark:text-slate-300">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
