/**
 * Which actions a viewer may take on a row of the Users table (spec section 6), asked of the server's own
 * policy (`decide`), so the UI offers exactly what the server would accept:
 * - activate, deactivate and edit need users:edit; delete needs users:delete;
 * - none of them for yourself, an owner, or a user holding a permission you lack;
 * - password reset needs users:edit, never for an owner or an inactive user (allowed for yourself);
 * - the Devices panel (desktop app tokens) needs users:edit; yours too, the owner's only for the owner;
 * - correcting the e-mail address needs users:edit, under the edit rule, except the owner corrects an owner's;
 *   never for a deactivated account (shown disabled, with why);
 * - a waiting invitation can be sent again by staff who may invite, under the edit rule (in the reset's slot:
 *   an invited user has no password to reset).
 *
 * `rowButtons` lays them out in fixed slots, so a status change moves nothing: Activate and Deactivate share
 * one slot, and a reset not offered only because the user is inactive stays in place, disabled, with why.
 */
import { type Action, decide, EMAIL_CHANGE_DEACTIVATED, type TargetOf } from "@portfolio/core/domain";

export interface Viewer {
  id: string;
  permissions: readonly string[];
}

export interface UserLike {
  _id: string;
  permissions: readonly string[];
  isActive: boolean;
  /** Staff deactivated the account (the users list says so). */
  deactivated?: boolean;
  /** Invited and not accepted yet. */
  invitationPending?: boolean;
}

export interface RowActions {
  activate: boolean;
  deactivate: boolean;
  edit: boolean;
  delete: boolean;
  resetPassword: boolean;
  devices: boolean;
  email: boolean;
  resendInvitation: boolean;
}

export const NO_ACTIONS: RowActions = {
  activate: false,
  deactivate: false,
  edit: false,
  delete: false,
  resetPassword: false,
  devices: false,
  email: false,
  resendInvitation: false,
};

export function viewerCan<A extends Action>(viewer: Viewer, action: A, target?: TargetOf<A>): boolean {
  return decide({ kind: "user", ...viewer }, action, target).allowed;
}

export function rowActions(viewer: Viewer, target: UserLike): RowActions {
  const subject = {
    id: target._id,
    permissions: target.permissions,
    isActive: target.isActive,
    deactivated: target.deactivated === true,
  };
  const edit = viewerCan(viewer, "users.edit", subject);
  return {
    activate: edit && !target.isActive,
    deactivate: edit && target.isActive,
    edit,
    delete: viewerCan(viewer, "users.delete", subject),
    resetPassword: viewerCan(viewer, "users.resetPassword", subject),
    devices: viewerCan(viewer, "users.devices", subject),
    email: viewerCan(viewer, "users.email", subject),
    resendInvitation: target.invitationPending === true && viewerCan(viewer, "users.invitation.resend", subject),
  };
}

export type UserAction = keyof RowActions;

export interface RowButton {
  action: UserAction;
  label: string;
  variant: "primary" | "secondary" | "danger";
  /** Set when the slot is kept for the row's other status: the button shows, disabled, with this reason. */
  disabledReason?: string;
}

export const RESET_NEEDS_ACTIVE = "A reset link goes only to an active account: activate the user first.";

/**
 * The row's buttons in their fixed order: Edit, Change e-mail, Reset password (or Resend invitation), Devices,
 * Activate/Deactivate, Delete.
 */
export function rowButtons(viewer: Viewer, target: UserLike): RowButton[] {
  const actions = rowActions(viewer, target);
  const resetIfActive = !target.isActive && rowActions(viewer, { ...target, isActive: true }).resetPassword;
  const emailIfReactivated = target.deactivated === true && rowActions(viewer, { ...target, deactivated: false }).email;
  const slots: (RowButton | null)[] = [
    actions.edit ? { action: "edit", label: "Edit", variant: "secondary" } : null,
    actions.email
      ? { action: "email", label: "Change e-mail", variant: "secondary" }
      : emailIfReactivated
        ? { action: "email", label: "Change e-mail", variant: "secondary", disabledReason: EMAIL_CHANGE_DEACTIVATED }
        : null,
    actions.resendInvitation
      ? { action: "resendInvitation", label: "Resend invitation", variant: "secondary" }
      : actions.resetPassword
        ? { action: "resetPassword", label: "Reset password", variant: "secondary" }
        : resetIfActive
          ? {
              action: "resetPassword",
              label: "Reset password",
              variant: "secondary",
              disabledReason: RESET_NEEDS_ACTIVE,
            }
          : null,
    actions.devices ? { action: "devices", label: "Devices", variant: "secondary" } : null,
    actions.activate ? { action: "activate", label: "Activate", variant: "primary" } : null,
    actions.deactivate ? { action: "deactivate", label: "Deactivate", variant: "secondary" } : null,
    actions.delete ? { action: "delete", label: "Delete", variant: "danger" } : null,
  ];
  return slots.filter((slot): slot is RowButton => slot !== null);
}
