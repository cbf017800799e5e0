import { type InputHTMLAttributes, type ReactNode, type Ref, type RefObject, useEffect, useState } from "react";
import { FOCUS_RING } from "./Button.tsx";
import { cx } from "./cx.ts";
import { EyeIcon, EyeOffIcon } from "./secondary-icons.tsx";
import { useDomId } from "./use-dom-id.ts";

export const INPUT_CLASSES = cx(
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 shadow-sm transition-colors",
  "hover:border-slate-400 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600",
  "dark:border-slate-600 dark:bg-slate-800/80 dark:text-slate-100 dark:placeholder:text-slate-400 dark:hover:border-slate-500 dark:focus:border-indigo-400 dark:focus:outline-indigo-400",
);

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  /** A validation error of this field: shown under it, and the input is marked invalid and described by it. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

export const FIELD_LABEL_CLASSES = "mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200";
export const FIELD_HINT_CLASSES = "mt-1 text-xs text-slate-600 dark:text-slate-400";
const INVALID_INPUT = "border-red-600 dark:border-red-400";

/**
 * What an input carries for its hint and error: `aria-invalid` while it has an error, and
 * `aria-describedby` naming the error (`{inputId}-error`) first, then the hint (`{inputId}-hint`).
 */
export function fieldDescription(
  inputId: string,
  hint: string | undefined,
  error: string | null | undefined,
): { "aria-invalid"?: true; "aria-describedby"?: string } {
  const ids = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean);
  return {
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(ids.length > 0 ? { "aria-describedby": ids.join(" ") } : {}),
  };
}

/** A field's validation error, right under it (`{inputId}-error`, for aria-describedby). */
export function FieldError({ inputId, error }: { inputId: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p
      id={`${inputId}-error`}
      data-testid="field-error"
      className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
    >
      {error}
    </p>
  );
}

/**
 * Moves focus to the first invalid field of `form` each time `attempt` changes (a submit that found
 * problems), so the keyboard and the screen reader land on what needs fixing.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, form]);
}

/** The label above a control, its error and its hint (for aria-describedby) below it. */
function FieldFrame({
  label,
  inputId,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  inputId: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className={FIELD_LABEL_CLASSES}>
        {label}
      </label>
      {children}
      <FieldError inputId={inputId} error={error} />
      {hint ? (
        <p id={`${inputId}-hint`} className={FIELD_HINT_CLASSES}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input. Validation is done by the form (spec messages), so no browser `required` popups. */
export function TextField({ label, value, onValueChange, hint, error, id, className, ...rest }: TextFieldProps) {
  const autoId = useDomId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame label={label} inputId={inputId} hint={hint} error={error} className={className}>
      <input
        id={inputId}
        // An explicit type (the caller's wins through `rest`): valid HTML asks for one on every input.
        type="text"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={cx(INPUT_CLASSES, error && INVALID_INPUT)}
        {...fieldDescription(inputId, hint, error)}
        {...rest}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, value, onValueChange, hint, error, id, className, ...rest }: TextFieldProps) {
  const autoId = useDomId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} inputId={inputId} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? "text" : "password"}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={cx(INPUT_CLASSES, "pr-11", error && INVALID_INPUT)}
          {...fieldDescription(inputId, hint, error)}
          autoCapitalize="none"
          spellCheck={false}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={inputId}
          className={cx(
            "absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100",
            FOCUS_RING,
          )}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
    </FieldFrame>
  );
}
