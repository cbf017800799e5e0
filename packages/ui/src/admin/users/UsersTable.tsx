/** The Users table: who, since when, e-mail, role, status, permissions by category, and the row's actions. */
import { type AdminUser, deriveRole } from "@portfolio/core/domain";
import type { ReactNode } from "react";
import { Button } from "../../components/Button.tsx";
import { PermissionGroups, RoleBadge, StatusPill } from "../Badges.tsx";
import { formatDate } from "../dates.ts";
import { hasAnyAction, type RowActions } from "../user-actions.ts";
import { exactRole, type RoleSet } from "../user-editor.ts";

export type UserAction = keyof RowActions;

export interface UsersTableProps {
  users: readonly AdminUser[];
  viewerId: string;
  roles: RoleSet;
  actionsFor: (user: AdminUser) => RowActions;
  onAction: (action: UserAction, user: AdminUser) => void;
  /** The row whose action is running (its buttons are disabled). */
  busyId: string | null;
}

const TH = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-4 py-3 align-top";

export function UsersTable({ users, viewerId, roles, actionsFor, onAction, busyId }: UsersTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[64rem] border-collapse text-sm" data-testid="users-table">
        <caption className="sr-only">Users, sorted by rank, then username</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/40">
          <tr>
            <th scope="col" className={TH}>
              User
            </th>
            <th scope="col" className={TH}>
              Email
            </th>
            <th scope="col" className={TH}>
              Role
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              Permissions
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.map((user) => {
            const role = deriveRole(user.permissions, roles);
            const actions = actionsFor(user);
            const self = user._id === viewerId;
            return (
              <tr key={user._id} data-testid="user-row" data-username={user.username} data-active={user.isActive}>
                <th scope="row" className={`${TD} text-left font-normal`}>
                  <span className="block font-semibold text-slate-900 dark:text-white">
                    {user.username}
                    {self ? (
                      <span className="ml-1.5 font-medium text-indigo-700 dark:text-indigo-300">(You)</span>
                    ) : null}
                  </span>
                  <span className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
                    Member since {formatDate(user.createdAt)}
                  </span>
                </th>
                <td className={`${TD} whitespace-nowrap text-slate-700 dark:text-slate-300`}>{user.email}</td>
                <td className={TD}>
                  <RoleBadge
                    roleKey={role}
                    role={roles[role]}
                    custom={role !== "owner" && exactRole(user.permissions, roles) === null}
                  />
                </td>
                <td className={TD}>
                  <StatusPill active={user.isActive} />
                </td>
                <td className={`${TD} min-w-64`}>
                  <PermissionGroups permissions={user.permissions} />
                </td>
                <td className={`${TD} text-right`}>
                  <RowButtons user={user} actions={actions} busy={busyId === user._id} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RowButtons({
  user,
  actions,
  busy,
  onAction,
}: {
  user: AdminUser;
  actions: RowActions;
  busy: boolean;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  if (!hasAnyAction(actions))
    return (
      <span className="text-slate-500 dark:text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No actions available</span>
      </span>
    );
  const button = (action: UserAction, label: string, variant: "secondary" | "danger" | "primary"): ReactNode =>
    actions[action] ? (
      <Button
        key={action}
        size="sm"
        variant={variant}
        disabled={busy}
        onClick={() => onAction(action, user)}
        aria-label={`${label} ${user.username}`}
      >
        {label}
      </Button>
    ) : null;
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {button("activate", "Activate", "primary")}
      {button("edit", "Edit", "secondary")}
      {button("resetPassword", "Reset password", "secondary")}
      {button("deactivate", "Deactivate", "secondary")}
      {button("delete", "Delete", "danger")}
    </div>
  );
}
