/**
 * Which actions a viewer may take on a row of the Users table (spec section 6), asked of the server's own
 * policy (`decide`), so the UI offers exactly what the server would accept:
 * - activate, deactivate and edit need users:edit; delete needs users:delete;
 * - none of them for yourself, an owner, or a user holding a permission you lack;
 * - password reset needs users:edit, never for an owner or an inactive user (allowed for yourself);
 * - the Devices panel (desktop app tokens) needs users:edit; yours too, the owner's only for the owner.
 */
import { type Action, decide, type TargetOf } from "@portfolio/core/domain";

export interface Viewer {
  id: string;
  permissions: readonly string[];
}

export interface UserLike {
  _id: string;
  permissions: readonly string[];
  isActive: boolean;
}

export interface RowActions {
  activate: boolean;
  deactivate: boolean;
  edit: boolean;
  delete: boolean;
  resetPassword: boolean;
  devices: boolean;
}

export const NO_ACTIONS: RowActions = {
  activate: false,
  deactivate: false,
  edit: false,
  delete: false,
  resetPassword: false,
  devices: false,
};

export function viewerCan<A extends Action>(viewer: Viewer, action: A, target?: TargetOf<A>): boolean {
  return decide({ kind: "user", ...viewer }, action, target).allowed;
}

export function rowActions(viewer: Viewer, target: UserLike): RowActions {
  const subject = { id: target._id, permissions: target.permissions, isActive: target.isActive };
  const edit = viewerCan(viewer, "users.edit", subject);
  return {
    activate: edit && !target.isActive,
    deactivate: edit && target.isActive,
    edit,
    delete: viewerCan(viewer, "users.delete", subject),
    resetPassword: viewerCan(viewer, "users.resetPassword", subject),
    devices: viewerCan(viewer, "users.devices", subject),
  };
}

export function hasAnyAction(actions: RowActions): boolean {
  return Object.values(actions).some(Boolean);
}
