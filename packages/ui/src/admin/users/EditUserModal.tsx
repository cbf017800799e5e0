/**
 * The Edit User modal: username, then permissions in role mode (pick a role; never owner) or custom mode
 * (toggle single permissions; never override:owner; never one you do not hold), with a live preview of
 * what the chosen permissions allow. It starts in custom mode when the permissions match no role exactly.
 * Closing it with changes not saved asks 'Discard your changes?' first.
 */
import { type AdminUser, firstError, samePermissionSet, usernameSchema } from "@portfolio/core/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { TextField } from "../../components/FormField.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useDiscardGuard, useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";
import { togglePermission } from "../permission-choices.ts";
import {
  canChangePermissions,
  draftPermissions,
  type EditMode,
  initialEditorState,
  isUserEditDirty,
  type RoleSet,
  roleOptions,
  switchMode,
  type UserEditorState,
  userPermissionChoices,
} from "../user-editor.ts";
import { EffectivePermissions } from "./EffectivePermissions.tsx";
import { ModeSwitch } from "./ModeSwitch.tsx";
import { PermissionChecklist } from "./PermissionChecklist.tsx";
import { RolePicker } from "./RolePicker.tsx";

export interface EditUserModalProps {
  user: AdminUser | null;
  viewerPermissions: readonly string[];
  roles: RoleSet;
  onClose: () => void;
  /** Saves; rejects with the message to show (the modal stays open). */
  onSave: (user: AdminUser, body: { username: string; permissions: string[] }) => Promise<void>;
}

export function EditUserModal({ user, viewerPermissions, roles, onClose, onSave }: EditUserModalProps) {
  const [state, setState] = useState<UserEditorState | null>(() => (user ? initialEditorState(user, roles) : null));
  const [error, setError] = useState<SaveError | null>(null);
  // A refused username sits under its field, which takes focus.
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  // Focus starts in the first field.
  const firstField = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another user is opened; a roles refetch must not reset the form being edited.
  useEffect(() => {
    setState(user ? initialEditorState(user, roles) : null);
    setError(null);
    setUsernameError(null);
  }, [user]);

  const dirty = user !== null && state !== null && isUserEditDirty(state, user, roles);
  useReportUnsaved(dirty);
  const guard = useDiscardGuard();

  if (!user || !state) return null;
  const close = () => void guard(onClose, dirty);
  const before = user.permissions;
  const draft = draftPermissions(state, roles);
  const mayChange = canChangePermissions(viewerPermissions);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = firstError(usernameSchema, state.username);
    setUsernameError(problem);
    if (problem) {
      setError(null);
      return firstField.current?.focus();
    }
    if (state.mode === "role" && !state.role)
      return setError(new SaveError("Choose a role, or switch to custom permissions."));
    setBusy(true);
    setError(null);
    try {
      await onSave(user, {
        username: state.username.trim(),
        permissions: mayChange ? draft : [...before],
      });
    } catch (failure) {
      setError(failure instanceof SaveError ? failure : new SaveError(String(failure)));
    } finally {
      setBusy(false);
    }
  };

  const setMode = (mode: EditMode) => setState((s) => (s ? switchMode(s, mode, roles) : s));

  return (
    <Modal
      open
      onClose={busy ? () => {} : close}
      title="Edit User"
      description={`${user.username} · ${user.email}`}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl"
      testId="edit-user-modal"
      initialFocus={firstField}
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <TextField
          ref={firstField}
          id={`${id}-username`}
          label="Username"
          value={state.username}
          onValueChange={(username) => setState((s) => (s ? { ...s, username } : s))}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          error={usernameError}
        />
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="space-y-4">
            <ModeSwitch mode={state.mode} onChange={setMode} name={`${id}-mode`} />
            {!mayChange ? (
              <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                You can rename this user. Changing permissions needs the users:permissions permission.
              </p>
            ) : null}
            {state.mode === "role" ? (
              <RolePicker
                name={`${id}-role`}
                options={roleOptions(viewerPermissions, before, roles)}
                value={state.role}
                onChange={(role) => setState((s) => (s ? { ...s, role } : s))}
              />
            ) : (
              <PermissionChecklist
                options={userPermissionChoices(viewerPermissions, before, state.permissions)}
                onToggle={(name) =>
                  setState((s) => (s ? { ...s, permissions: togglePermission(s.permissions, name) } : s))
                }
              />
            )}
          </div>
          <EffectivePermissions permissions={draft} roles={roles} changed={!samePermissionSet(draft, before)} />
        </div>
        <SaveErrorBox error={error} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save Changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
