/**
 * 'Remove passkey': asks for the password first, as turning the authenticator app off does, so a session
 * alone (a borrowed browser) cannot take a second factor away. Keyboard first: the password field has the
 * focus, Enter removes, Escape cancels; the server's refusal is shown in the dialog, which stays open.
 */
import type { PasskeyView } from "@portfolio/core/domain";
import { type FormEvent, useRef, useState } from "react";
import { errorMessage } from "../api/api-client.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { PasswordField } from "../components/FormField.tsx";
import { Modal } from "../components/Modal.tsx";

export const REMOVE_PASSKEY_MESSAGES = {
  passwordMissing: "Enter your password.",
  failed: "That did not work. Try again.",
  unreachable: "The server could not be reached. Check your connection and try again.",
  lastFactor: "It is your last second factor: your recovery codes stop working too.",
} as const;

export function removePasskeyDescription(name: string, lastFactor: boolean): string {
  const base = `"${name}" will no longer sign you in.`;
  return lastFactor ? `${base} ${REMOVE_PASSKEY_MESSAGES.lastFactor}` : base;
}

export function RemovePasskeyDialog({
  passkey,
  lastFactor,
  onRemove,
  onCancel,
}: {
  passkey: PasskeyView;
  /** No authenticator app and no other passkey: the recovery codes go with this one. */
  lastFactor: boolean;
  /** Removes it with the password; a rejection is shown in the dialog. */
  onRemove: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(REMOVE_PASSKEY_MESSAGES.passwordMissing);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onRemove(password);
    } catch (failure) {
      setError(errorMessage(failure, REMOVE_PASSKEY_MESSAGES.failed, REMOVE_PASSKEY_MESSAGES.unreachable));
      setBusy(false);
      field.current?.focus();
    }
  };
  return (
    <Modal
      open
      onClose={busy ? () => {} : onCancel}
      title="Remove passkey"
      description={removePasskeyDescription(passkey.name, lastFactor)}
      initialFocus={field}
      testId="remove-passkey-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Remove passkey">
        <PasswordField
          ref={field}
          label="Your password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          hint="Asked again to keep your account safe."
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            Remove passkey
          </Button>
        </div>
      </form>
    </Modal>
  );
}
