/**
 * The Users tab (users:view): the table, its actions with the spec's messages, the Edit User modal, the
 * Devices panel of the user whose row asked for it, and (users:edit) 'Invite user' and 'Change e-mail'.
 */
import { type AdminUser, sortUsersByRank } from "@portfolio/core/domain";
import { useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { emailChangeSentMessage, inviteSentMessage, USER_MESSAGES } from "../admin-messages.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { type ConfirmedUserAction, userActionConfirmation } from "../confirmations.ts";
import { type FeedbackMessage, failureFeedback, useNotify } from "../feedback.tsx";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "../States.tsx";
import { useLoad } from "../use-load.ts";
import { rowButtons, type Viewer, viewerCan } from "../user-actions.ts";
import type { RoleSet } from "../user-editor.ts";
import { ChangeEmailModal } from "./ChangeEmailModal.tsx";
import { EditUserModal } from "./EditUserModal.tsx";
import { type InviteBody, InviteUserModal } from "./InviteUserModal.tsx";
import { UserDevicesPanel } from "./UserDevicesPanel.tsx";
import { type UserAction, UsersTable } from "./UsersTable.tsx";

export function UsersTab({
  viewer,
  roles,
  onChanged,
  onLoggedOut,
}: {
  viewer: Viewer;
  roles: RoleSet;
  onChanged: () => Promise<void>;
  /** Ending your own current session from the Devices panel logs you out. */
  onLoggedOut: () => Promise<void>;
}) {
  const api = useApi();
  const notify = useNotify();
  const users = useLoad(() => api.getUsers());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  /** The action waiting for its confirmation: each one another person feels asks first (issue 22). */
  const [confirming, setConfirming] = useState<{ action: ConfirmedUserAction; user: AdminUser } | null>(null);
  const [devicesOf, setDevicesOf] = useState<AdminUser | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [changingEmailOf, setChangingEmailOf] = useState<AdminUser | null>(null);

  const afterChange = async () => {
    await users.reload();
    await onChanged();
  };

  const run = async (
    user: AdminUser,
    work: () => Promise<FeedbackMessage>,
    onError: (e: unknown) => FeedbackMessage,
  ) => {
    setBusyId(user._id);
    try {
      notify(await work());
    } catch (error) {
      notify(onError(error));
    } finally {
      setBusyId(null);
      await afterChange();
    }
  };

  const activate = (user: AdminUser) =>
    run(
      user,
      async () => {
        await api.updateUser(user._id, { isActive: true });
        return { tone: "success", text: `User "${user.username}" activated.` };
      },
      (e) => failureFeedback(USER_MESSAGES.activateFailed, e),
    );

  const onAction = (action: UserAction, user: AdminUser) => {
    switch (action) {
      case "edit":
        return setEditing(user);
      case "devices":
        return setDevicesOf(user);
      case "email":
        return setChangingEmailOf(user);
      case "activate":
        return activate(user);
      case "deactivate":
      case "resetPassword":
      case "delete":
        return setConfirming({ action, user });
    }
  };

  const confirmed = async () => {
    if (!confirming) return;
    const { action, user } = confirming;
    switch (action) {
      case "deactivate":
        await run(
          user,
          async () => {
            await api.updateUser(user._id, { isActive: false });
            return { tone: "success", text: `User "${user.username}" deactivated. Their sessions have ended.` };
          },
          (e) => failureFeedback(USER_MESSAGES.updateFailed, e),
        );
        break;
      case "resetPassword":
        await run(
          user,
          async () => {
            await api.resetUserPassword(user._id);
            return { tone: "success", text: USER_MESSAGES.resetSent };
          },
          (e) => failureFeedback(USER_MESSAGES.resetFailed, e),
        );
        break;
      case "delete":
        await run(
          user,
          async () => {
            await api.deleteUser(user._id);
            // A deleted user's tokens went with them: their panel has nothing left to show.
            setDevicesOf((open) => (open?._id === user._id ? null : open));
            return { tone: "success", text: `User "${user.username}" deleted.` };
          },
          (e) => failureFeedback(USER_MESSAGES.deleteFailed, e, USER_MESSAGES.deleteError),
        );
        break;
    }
    setConfirming(null);
  };

  const saveUser = async (user: AdminUser, body: { username: string; permissions: string[] }) => {
    try {
      await api.updateUser(user._id, body);
    } catch (error) {
      const message = failureFeedback(USER_MESSAGES.updateFailed, error);
      throw new SaveError(message.text, message.detail);
    }
    setEditing(null);
    notify({ tone: "success", text: `User "${body.username}" updated.` });
    await afterChange();
  };

  const invite = async (body: InviteBody) => {
    try {
      await api.inviteUser(body);
    } catch (error) {
      const message = failureFeedback(USER_MESSAGES.inviteFailed, error);
      throw new SaveError(message.text, message.detail);
    }
    setInviting(false);
    notify({ tone: "success", text: inviteSentMessage(body.username, body.email) });
    await afterChange();
  };

  const changeEmail = async (user: AdminUser, email: string) => {
    try {
      await api.changeUserEmail(user._id, email);
    } catch (error) {
      const message = failureFeedback(USER_MESSAGES.emailChangeFailed, error);
      throw new SaveError(message.text, message.detail);
    }
    setChangingEmailOf(null);
    notify({ tone: "success", text: emailChangeSentMessage(user.username, email) });
    await afterChange();
  };

  const list = users.data ? sortUsersByRank(users.data, roles) : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Users</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {list
              ? `${list.length} ${list.length === 1 ? "account" : "accounts"}, sorted by rank, then username.`
              : " "}
          </p>
        </div>
        {viewerCan(viewer, "users.invite") ? (
          <Button onClick={() => setInviting(true)} data-testid="invite-user-button">
            Invite user
          </Button>
        ) : null}
      </div>
      {users.error && !list ? <ErrorBlock error={users.error} what="the users" onRetry={users.reload} /> : null}
      {!list && !users.error ? <LoadingBlock label="Loading users…" /> : null}
      {list && list.length === 0 ? <EmptyBlock title="No users found" /> : null}
      {list && list.length > 0 ? (
        <UsersTable
          users={list}
          viewerId={viewer.id}
          roles={roles}
          buttonsFor={(user) => rowButtons(viewer, user)}
          onAction={onAction}
          busyId={busyId}
        />
      ) : null}
      {devicesOf ? (
        <UserDevicesPanel
          key={devicesOf._id}
          user={devicesOf}
          viewer={viewer}
          onClose={() => setDevicesOf(null)}
          onLoggedOut={onLoggedOut}
        />
      ) : null}
      <EditUserModal
        user={editing}
        viewerPermissions={viewer.permissions}
        roles={roles}
        onClose={() => setEditing(null)}
        onSave={saveUser}
      />
      {inviting ? (
        <InviteUserModal
          viewerPermissions={viewer.permissions}
          roles={roles}
          onClose={() => setInviting(false)}
          onInvite={invite}
        />
      ) : null}
      {changingEmailOf ? (
        <ChangeEmailModal
          key={changingEmailOf._id}
          user={changingEmailOf}
          onClose={() => setChangingEmailOf(null)}
          onChange={changeEmail}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        {...(confirming
          ? userActionConfirmation(confirming.action, confirming.user)
          : { title: "", message: "", confirmLabel: "" })}
        onConfirm={confirmed}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
