/**
 * 'Invite user': username, e-mail address and role. The account is created inactive and the
 * address gets a link to choose a password; a role the viewer may not grant is shown disabled with why (the
 * same policy the server applies: a plain user's set needs no grant, anything else needs users:permissions).
 */
import { emailSchema, firstError, type RoleKey, usernameSchema } from "@portfolio/core/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { TextField } from "../../components/FormField.tsx";
import { Modal } from "../../components/Modal.tsx";
import { useFieldErrors } from "../../components/use-field-errors.ts";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useDiscardGuard, useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";
import { type RoleSet, roleOptions } from "../user-editor.ts";
import { RolePicker } from "./RolePicker.tsx";

export interface InviteBody {
  username: string;
  email: string;
  permissions: string[];
}

export function InviteUserModal({
  viewerPermissions,
  roles,
  onClose,
  onInvite,
}: {
  viewerPermissions: readonly string[];
  roles: RoleSet;
  onClose: () => void;
  /** Invites; rejects with a SaveError to show (the modal stays open). */
  onInvite: (body: InviteBody) => Promise<void>;
}) {
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<RoleKey>("user");
  const [error, setError] = useState<SaveError | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const fields = useFieldErrors<"username" | "email">();
  const firstField = useRef<HTMLInputElement>(null);
  const dirty = username !== "" || email !== "" || role !== "user";
  useReportUnsaved(dirty);
  const guard = useDiscardGuard();
  const close = () => void guard(onClose, dirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    fields.clear();
    setError(null);
    const usernameProblem = firstError(usernameSchema, username);
    if (usernameProblem) return fields.show("username", usernameProblem);
    const emailProblem = firstError(emailSchema, email);
    if (emailProblem) return fields.show("email", emailProblem);
    setBusy(true);
    setError(null);
    try {
      await onInvite({ username: username.trim(), email: email.trim(), permissions: [...roles[role].permissions] });
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
      title="Invite user"
      description="They get an e-mail with a link to choose their password. The link works once, for 7 days."
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
      testId="invite-user-modal"
      initialFocus={firstField}
    >
      <form ref={fields.formRef} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          ref={firstField}
          id={`${id}-username`}
          label="Username"
          value={username}
          onValueChange={setUsername}
          error={fields.errorOf("username")}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
        />
        <TextField
          id={`${id}-email`}
          label="E-mail address"
          type="email"
          value={email}
          onValueChange={setEmail}
          error={fields.errorOf("email")}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
        />
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Role</p>
          <RolePicker
            name={`${id}-role`}
            options={roleOptions(viewerPermissions, roles.user.permissions, roles)}
            value={role}
            onChange={setRole}
          />
        </div>
        <SaveErrorBox error={error} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send Invitation
          </Button>
        </div>
      </form>
    </Modal>
  );
}
