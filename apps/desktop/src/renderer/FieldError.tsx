/** A field's message under it, linked to the input with aria-describedby (the id is `${inputId}-error`). */
export function FieldError({ inputId, message }: { inputId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

/** The props that tie an input to its message. */
export function invalidProps(inputId: string, message: string | undefined) {
  return message ? { "aria-invalid": true as const, "aria-describedby": `${inputId}-error` } : {};
}
