/** Change your own password; the server ends your other sessions when it succeeds. */
import { MIN_PASSWORD_LENGTH } from "@portfolio/core/domain";
import { type FormEvent, useRef, useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { PasswordField, useFocusFirstInvalid } from "../../components/FormField.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";
import { useNotify } from "../feedback.tsx";
import { type PasswordChangeField, passwordChangeProblem } from "../password-change.ts";

export function ChangePasswordForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const api = useApi();
  const notify = useNotify();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<SaveError | null>(null);
  const [busy, setBusy] = useState(false);
  // A problem of the form's own checks sits under its field, which takes focus.
  const [invalid, setInvalid] = useState<{ field: PasswordChangeField; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, attempt);
  const errorOf = (field: PasswordChangeField) => (invalid?.field === field ? invalid.message : null);
  // Anything typed counts: leaving asks before it drops a half-typed new password.
  useReportUnsaved(current !== "" || next !== "" || confirm !== "");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem(current, next, confirm);
    setInvalid(problem);
    setError(null);
    if (problem) return setAttempt((n) => n + 1);
    setBusy(true);
    try {
      const answer = await api.call("account.changePassword", { currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
      setConfirm("");
      notify({ tone: "success", text: answer.message });
      await onChanged();
    } catch (failure) {
      setError(new SaveError("Your password was not changed.", failureReason(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label="Change password">
      <PasswordField
        label="Current password"
        value={current}
        onValueChange={setCurrent}
        autoComplete="current-password"
        error={errorOf("current")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="New password"
          value={next}
          onValueChange={setNext}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errorOf("next")}
        />
        <PasswordField
          label="Confirm new password"
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
          error={errorOf("confirm")}
        />
      </div>
      <SaveErrorBox error={error} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}
