/** Change your own password; the server ends your other sessions when it succeeds. */
import { MIN_PASSWORD_LENGTH } from "@portfolio/core/domain";
import { type FormEvent, useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { PasswordField } from "../../components/FormField.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";
import { useNotify } from "../feedback.tsx";
import { passwordChangeProblem } from "../password-change.ts";

export function ChangePasswordForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const api = useApi();
  const notify = useNotify();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<SaveError | null>(null);
  const [busy, setBusy] = useState(false);
  // Anything typed counts: leaving asks before it drops a half-typed new password.
  useReportUnsaved(current !== "" || next !== "" || confirm !== "");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem(current, next, confirm);
    if (problem) return setError(new SaveError(problem));
    setBusy(true);
    setError(null);
    try {
      const answer = await api.changePassword(current, next);
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
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Change password">
      <PasswordField
        label="Current password"
        value={current}
        onValueChange={setCurrent}
        autoComplete="current-password"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="New password"
          value={next}
          onValueChange={setNext}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <PasswordField
          label="Confirm new password"
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
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
