/**
 * 'Change e-mail': the new address for a user. It says before sending that nothing changes at
 * once: a confirmation link goes to the new address, and the address in use stays until it is opened.
 */
import { type AdminUser, emailSchema, firstError } from "@portfolio/core/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { TextField } from "../../components/FormField.tsx";
import { Modal } from "../../components/Modal.tsx";
import { useFieldErrors } from "../../components/use-field-errors.ts";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useDiscardGuard, useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";

export function ChangeEmailModal({
  user,
  onClose,
  onChange,
}: {
  user: AdminUser;
  onClose: () => void;
  /** Sends the change; rejects with a SaveError to show (the modal stays open). */
  onChange: (user: AdminUser, email: string) => Promise<void>;
}) {
  const [email, setEmail] = useState(user.pendingEmail ?? "");
  const [error, setError] = useState<SaveError | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const fields = useFieldErrors<"email">();
  const field = useRef<HTMLInputElement>(null);
  const dirty = email !== (user.pendingEmail ?? "");
  useReportUnsaved(dirty);
  const guard = useDiscardGuard();
  const close = () => void guard(onClose, dirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    fields.clear();
    setError(null);
    const problem = firstError(emailSchema, email);
    if (problem) return fields.show("email", problem);
    setBusy(true);
    setError(null);
    try {
      await onChange(user, email.trim());
    } catch (failure) {
      setError(failure instanceof SaveError ? failure : new SaveError(String(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={busy ? () => {} : close}
      title="Change e-mail"
      description={user.email ? `${user.username} · now ${user.email}` : user.username}
      className="sm:max-w-lg"
      testId="change-email-modal"
      initialFocus={field}
    >
      <form ref={fields.formRef} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          ref={field}
          id={`${id}-email`}
          label="New e-mail address"
          type="email"
          value={email}
          onValueChange={setEmail}
          error={fields.errorOf("email")}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
        />
        <p
          className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          data-testid="change-email-note"
        >
          A confirmation mail goes to the new address. The change applies only once its link is opened (within 48
          hours); until then the current address stays in use and is told about the change.
        </p>
        <SaveErrorBox error={error} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send Confirmation
          </Button>
        </div>
      </form>
    </Modal>
  );
}
