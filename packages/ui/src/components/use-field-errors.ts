/**
 * A form's validation error at its field: the field named by the first problem shows it under
 * itself (`error` of TextField/PasswordField: `aria-invalid`, `aria-describedby`), and focus moves to it on
 * each submit that found one. Answers from the server stay in the form's own message box.
 */
import { useCallback, useRef, useState } from "react";
import { useFocusFirstInvalid } from "./FormField.tsx";

export interface FieldErrors<F extends string> {
  /** Put on the `<form>`: the first invalid field inside it takes focus. */
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The error to show under `field`, if the last check found one there. */
  errorOf: (field: F) => string | null;
  /** Records a problem of `field` (its first problem wins) and moves focus to it. */
  show: (field: F, message: string) => void;
  clear: () => void;
}

export function useFieldErrors<F extends string>(): FieldErrors<F> {
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<{ field: F; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(formRef, attempt);
  const show = useCallback((field: F, message: string) => {
    setProblem({ field, message });
    setAttempt((n) => n + 1);
  }, []);
  const clear = useCallback(() => setProblem(null), []);
  const errorOf = (field: F) => (problem?.field === field ? problem.message : null);
  return { formRef, errorOf, show, clear };
}
