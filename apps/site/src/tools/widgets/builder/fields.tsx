/** Small form controls for the builders: numbers and switches with labels and hints. */
import { cx, FOCUS_RING, TextField, useDomId } from "@portfolio/ui";

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  hint,
  suffix,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  hint?: string;
  suffix?: string;
}) {
  return (
    <TextField
      label={suffix ? `${label} (${suffix})` : label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={String(value)}
      onValueChange={(text) => {
        const n = Number(text);
        if (text !== "" && Number.isFinite(n)) onChange(Math.min(max, Math.max(min, Math.round(n))));
      }}
      hint={hint}
    />
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useDomId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cx("mt-0.5 size-5 shrink-0 rounded accent-indigo-600", FOCUS_RING)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
