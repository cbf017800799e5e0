/**
 * The Users table: who, since when, e-mail, role, status, permissions by category, and the row's actions.
 * Below the md breakpoint each row is a card (CARD_* classes): the column headers become labels in the card.
 * Arrow Up/Down (Home, End) move between rows, keeping the column of the focused button; Tab goes through
 * the row's actions.
 */
import { type AdminUser, deriveRole } from "@portfolio/core/domain";
import { type KeyboardEvent, memo, type Ref, useId, useImperativeHandle, useRef } from "react";
import { Button } from "../../components/Button.tsx";
import { cx } from "../../components/cx.ts";
import { TableScrollBox } from "../../components/TableScrollBox.tsx";
import { PermissionGroups, RoleBadge, StatusPill } from "../Badges.tsx";
import { formatDate } from "../dates.ts";
import { focusTableRow, moveBetweenRows } from "../paging/row-keys.ts";
import type { RowButton, UserAction } from "../user-actions.ts";
import { exactRole, type RoleSet } from "../user-editor.ts";

export type { UserAction };

export interface UsersTableProps {
  users: readonly AdminUser[];
  viewerId: string;
  roles: RoleSet;
  /** The row's buttons in their fixed slots (`rowButtons`). */
  buttonsFor: (user: AdminUser) => RowButton[];
  onAction: (action: UserAction, user: AdminUser) => void;
  /** The row whose action is running (its buttons are disabled). */
  busyId: string | null;
  /** Another page or search is on its way (the rows shown are about to change). */
  loading?: boolean;
  ref?: Ref<UsersTableHandle>;
}

export interface UsersTableHandle {
  /** Puts the focus on a row (its user cell), e.g. the first row of a new page. */
  focusRow: (index: number) => void;
}

const TH = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-4 py-3 align-top max-md:block max-md:px-0 max-md:py-1.5";
/** A cell's column name, shown inside the card on narrow screens (the header row is hidden there). */
const CARD_LABEL =
  "mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden dark:text-slate-400";

function CardLabel({ children }: { children: string }) {
  return <span className={CARD_LABEL}>{children}</span>;
}

/**
 * Memoised: a keystroke in the search box re-renders the tab, and must not re-render 50 rows until the
 * search's answer changes them (the tab passes stable callbacks).
 */
export const UsersTable = memo(function UsersTable({
  users,
  viewerId,
  roles,
  buttonsFor,
  onAction,
  busyId,
  loading,
  ref,
}: UsersTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  useImperativeHandle(ref, () => ({ focusRow: (index) => focusTableRow(body.current, "user-row", index) }));
  const keyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => moveBetweenRows(event, "user-row");

  return (
    <TableScrollBox>
      <table
        className="w-full border-collapse text-sm aria-busy:opacity-70 max-md:block md:min-w-[64rem]"
        data-testid="users-table"
        aria-busy={loading || undefined}
      >
        <caption className="sr-only">Users, sorted by rank, then username</caption>
        <thead className="border-b border-slate-200 bg-slate-50 max-md:sr-only dark:border-slate-800 dark:bg-slate-800/40">
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
        <tbody ref={body} onKeyDown={keyDown} className="divide-y divide-slate-200 max-md:block dark:divide-slate-800">
          {users.map((user) => (
            <UserRow
              key={user._id}
              user={user}
              self={user._id === viewerId}
              roles={roles}
              buttonsFor={buttonsFor}
              busy={busyId === user._id}
              onAction={onAction}
            />
          ))}
        </tbody>
      </table>
    </TableScrollBox>
  );
});

/** One user's row (a card on narrow screens); memoised, so a page reloading or busy elsewhere leaves it be. */
const UserRow = memo(function UserRow({
  user,
  self,
  roles,
  buttonsFor,
  busy,
  onAction,
}: {
  user: AdminUser;
  self: boolean;
  roles: RoleSet;
  buttonsFor: (user: AdminUser) => RowButton[];
  busy: boolean;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const role = deriveRole(user.permissions, roles);
  return (
    <tr
      data-testid="user-row"
      data-username={user.username}
      data-active={user.isActive}
      className="max-md:block max-md:px-4 max-md:py-3"
    >
      <th
        scope="row"
        // Reachable by the arrow keys and the pager, not by Tab: Tab goes through the actions.
        tabIndex={-1}
        className={`${TD} text-left font-normal outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-inset max-md:pt-0 dark:focus-visible:ring-indigo-400`}
      >
        <span className="block font-semibold text-slate-900 dark:text-white">
          {user.username}
          {self ? <span className="ml-1.5 font-medium text-indigo-700 dark:text-indigo-300">(You)</span> : null}
        </span>
        <span className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
          Member since {formatDate(user.createdAt)}
        </span>
      </th>
      {/* An address wraps (anywhere: it has no spaces) rather than widening the table: on one line, a few long
          ones pushed the last columns out of the card at desktop width. */}
      <td className={`${TD} break-all text-slate-700 md:min-w-48 dark:text-slate-300`}>
        <CardLabel>Email</CardLabel>
        {user.email}
        {user.pendingEmail ? (
          <span className="block text-xs text-amber-800 dark:text-amber-300" data-testid="pending-email">
            Pending: {user.pendingEmail} (awaiting confirmation)
          </span>
        ) : null}
      </td>
      <td className={`${TD} max-md:inline-block max-md:pr-6`}>
        <CardLabel>Role</CardLabel>
        <RoleBadge
          roleKey={role}
          role={roles[role]}
          custom={role !== "owner" && exactRole(user.permissions, roles) === null}
        />
      </td>
      <td className={`${TD} max-md:inline-block`}>
        <CardLabel>Status</CardLabel>
        {/* As wide for Active as for Inactive: an (de)activation must not resize the columns, which
            would wrap the row's buttons differently (they keep their slots, see RowButtons). */}
        <span className="inline-block md:min-w-24">
          <StatusPill active={user.isActive} />
        </span>
        {user.invitationPending ? (
          <span
            className="mt-1 block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
            data-testid="invitation-pending"
          >
            Pending invitation
          </span>
        ) : null}
      </td>
      <td className={`${TD} md:min-w-64`}>
        <CardLabel>Permissions</CardLabel>
        <PermissionGroups permissions={user.permissions} />
      </td>
      <td className={`${TD} md:text-right`}>
        <CardLabel>Actions</CardLabel>
        <RowButtons user={user} buttons={buttonsFor(user)} busy={busy} onAction={onAction} />
      </td>
    </tr>
  );
});

const TOGGLE: ReadonlySet<UserAction> = new Set<UserAction>(["activate", "deactivate"]);

function RowButtons({
  user,
  buttons,
  busy,
  onAction,
}: {
  user: AdminUser;
  buttons: readonly RowButton[];
  busy: boolean;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const reasonId = useId();
  if (buttons.length === 0)
    return (
      <span className="text-slate-500 dark:text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No actions available</span>
      </span>
    );
  return (
    <div className="flex flex-wrap gap-1.5 md:justify-end">
      {buttons.map((button) => (
        <Button
          key={button.action}
          size="sm"
          variant={button.variant}
          // Activate and Deactivate share a slot as wide as the wider label, so the row does not shift; a
          // slot kept for the other status stays in place, visibly unavailable, and says why.
          className={cx(TOGGLE.has(button.action) && "min-w-[6.5rem]", button.disabledReason && "opacity-50")}
          disabled={busy || button.disabledReason !== undefined}
          title={button.disabledReason}
          aria-describedby={button.disabledReason ? `${reasonId}-${button.action}` : undefined}
          onClick={() => onAction(button.action, user)}
          aria-label={`${button.label} ${user.username}`}
        >
          {button.label}
        </Button>
      ))}
      {buttons.map((button) =>
        button.disabledReason ? (
          <span key={button.action} id={`${reasonId}-${button.action}`} className="sr-only">
            {button.disabledReason}
          </span>
        ) : null,
      )}
    </div>
  );
}
