/**
 * The Users tab (users:view): the table, its actions with the spec's messages, the Edit User modal, the
 * Devices panel of the user whose row asked for it, and (users:edit) 'Invite user' and 'Change e-mail'.
 * It shows one page of users at a time, searched and filtered by the server (a site can have
 * 100,000 accounts), and after any change loads the page it shows again.
 */
import type { AdminUser } from "@portfolio/core/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { emailChangeSentMessage, inviteSentMessage, USER_MESSAGES } from "../admin-messages.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { type ConfirmedUserAction, userActionConfirmation } from "../confirmations.ts";
import { type FeedbackMessage, failureFeedback, useNotify } from "../feedback.tsx";
import { type CursorTrail, FIRST_PAGE, trailCursor } from "../paging/cursor-pages.ts";
import { usePageMoves } from "../paging/use-page-moves.ts";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "../States.tsx";
import { rowButtons, type Viewer, viewerCan } from "../user-actions.ts";
import type { RoleSet } from "../user-editor.ts";
import { ChangeEmailModal } from "./ChangeEmailModal.tsx";
import { EditUserModal } from "./EditUserModal.tsx";
import { type InviteBody, InviteUserModal } from "./InviteUserModal.tsx";
import { UserDevicesPanel } from "./UserDevicesPanel.tsx";
import { UsersPager } from "./UsersPager.tsx";
import { type UserAction, UsersTable, type UsersTableHandle } from "./UsersTable.tsx";
import { UsersToolbar } from "./UsersToolbar.tsx";
import { useUsersPage } from "./use-users-page.ts";
import {
  isFiltered,
  listSummary,
  NO_FILTER,
  noMatchMessage,
  SEARCH_DEBOUNCE_MS,
  type UsersFilter,
} from "./users-list.ts";

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
  /** The search box as typed; `filter.q` follows it after a short pause. */
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<UsersFilter>(NO_FILTER);
  /** The cursors of the pages after the first that led here: the last one is this page's. */
  const [trail, setTrail] = useState<CursorTrail>(FIRST_PAGE);
  const users = useUsersPage(api, filter, trailCursor(trail));
  const table = useRef<UsersTableHandle>(null);
  const { shownPage, nextPage, previousPage } = usePageMoves(
    users,
    trail,
    setTrail,
    (answer) => answer.users.length,
    () => table.current?.focusRow(0),
  );
  const [editing, setEditing] = useState<AdminUser | null>(null);
  /** The action waiting for its confirmation: each one another person feels asks first. */
  const [confirming, setConfirming] = useState<{ action: ConfirmedUserAction; user: AdminUser } | null>(null);
  const [devicesOf, setDevicesOf] = useState<AdminUser | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [changingEmailOf, setChangingEmailOf] = useState<AdminUser | null>(null);

  useEffect(() => {
    if (search.trim() === filter.q.trim()) return;
    const timer = setTimeout(() => {
      setFilter((f) => ({ ...f, q: search }));
      setTrail(FIRST_PAGE);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filter.q]);

  const answer = users.answer;

  const changeFilter = (change: Partial<Pick<UsersFilter, "role" | "status">>) => {
    // A search still waiting for its pause goes with the filter.
    setFilter((f) => ({ ...f, ...change, q: search }));
    setTrail(FIRST_PAGE);
  };

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
        await api.call("users.update", { id: user._id, isActive: true });
        return { tone: "success", text: `User "${user.username}" activated.` };
      },
      (e) => failureFeedback(USER_MESSAGES.activateFailed, e),
    );

  const resendInvitation = (user: AdminUser) =>
    run(
      user,
      async () => {
        await api.call("users.invitation.resend", { id: user._id });
        return {
          tone: "success",
          text: `A new invitation link was sent to ${user.email ?? user.username}. The earlier link no longer works.`,
        };
      },
      (e) => failureFeedback(USER_MESSAGES.resendInvitationFailed, e),
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
      case "resendInvitation":
        return resendInvitation(user);
      case "deactivate":
      case "resetPassword":
      case "delete":
        return setConfirming({ action, user });
    }
  };

  // Stable for the memoised table: typing in the search box re-renders the tab, not its rows.
  const actionRef = useRef(onAction);
  actionRef.current = onAction;
  const onRowAction = useCallback((action: UserAction, user: AdminUser) => actionRef.current(action, user), []);
  const buttonsFor = useCallback((user: AdminUser) => rowButtons(viewer, user), [viewer]);

  const confirmed = async () => {
    if (!confirming) return;
    const { action, user } = confirming;
    switch (action) {
      case "deactivate":
        await run(
          user,
          async () => {
            await api.call("users.update", { id: user._id, isActive: false });
            return { tone: "success", text: `User "${user.username}" deactivated. Their sessions have ended.` };
          },
          (e) => failureFeedback(USER_MESSAGES.updateFailed, e),
        );
        break;
      case "resetPassword":
        await run(
          user,
          async () => {
            await api.call("users.resetPassword", { id: user._id });
            return { tone: "success", text: USER_MESSAGES.resetSent };
          },
          (e) => failureFeedback(USER_MESSAGES.resetFailed, e),
        );
        break;
      case "delete":
        await run(
          user,
          async () => {
            await api.call("users.delete", { id: user._id });
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
      await api.call("users.update", { id: user._id, ...body });
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
      await api.call("users.invite", body);
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
      await api.call("users.email.change", { id: user._id, email });
    } catch (error) {
      const message = failureFeedback(USER_MESSAGES.emailChangeFailed, error);
      throw new SaveError(message.text, message.detail);
    }
    setChangingEmailOf(null);
    notify({ tone: "success", text: emailChangeSentMessage(user.username, email) });
    await afterChange();
  };

  const list = answer?.users;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Users</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {answer ? listSummary(answer.total, isFiltered(filter)) : " "}
          </p>
        </div>
        {viewerCan(viewer, "users.invite") ? (
          <Button onClick={() => setInviting(true)} data-testid="invite-user-button">
            Invite user
          </Button>
        ) : null}
      </div>
      <UsersToolbar
        search={search}
        filter={filter}
        roles={roles}
        busy={users.loading && answer !== undefined}
        onSearch={setSearch}
        onFilter={changeFilter}
        onLeaveSearch={() => table.current?.focusRow(0)}
      />
      {users.error ? <ErrorBlock error={users.error} what="the users" onRetry={users.reload} /> : null}
      {!list && !users.error ? <LoadingBlock label="Loading users…" /> : null}
      {list && list.length === 0 && !users.error ? <EmptyBlock title={noMatchMessage(filter)} /> : null}
      {list && list.length > 0 && !users.error ? (
        <UsersTable
          ref={table}
          users={list}
          viewerId={viewer.id}
          roles={roles}
          buttonsFor={buttonsFor}
          onAction={onRowAction}
          busyId={busyId}
          loading={users.loading}
        />
      ) : null}
      {list && list.length > 0 && !users.error ? (
        <UsersPager
          pageIndex={shownPage}
          rows={list.length}
          total={filter.q.trim() ? undefined : answer?.total}
          hasNext={Boolean(answer?.next)}
          onPrevious={previousPage}
          onNext={nextPage}
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
