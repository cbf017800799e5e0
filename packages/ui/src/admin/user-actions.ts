/**
 * Which actions a viewer may take on a row of the Users table (spec section 6), from core's admin rules (the
 * ones the server's policy enforces), so the UI offers exactly what the server would accept:
 * - activate, deactivate and edit need users:edit; delete needs users:delete;
 * - none of them for yourself, an owner, or a user holding a permission you lack;
 * - password reset needs users:edit, never for an owner or an inactive user (allowed for yourself).
 */
import { hasPermission, isOwner, manageRefusal } from "@portfolio/core/domain";

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
}

export const NO_ACTIONS: RowActions = {
  activate: false,
  deactivate: false,
  edit: false,
  delete: false,
  resetPassword: false,
};

/** Not yourself, not an owner, and nothing the target holds is beyond the viewer. */
export function mayManage(viewer: Viewer, target: UserLike): boolean {
  return manageRefusal(viewer, { id: target._id, permissions: target.permissions }) === null;
}

export function rowActions(viewer: Viewer, target: UserLike): RowActions {
  const canEdit = hasPermission(viewer.permissions, "users:edit");
  const canDelete = hasPermission(viewer.permissions, "users:delete");
  const manageable = mayManage(viewer, target);
  const self = target._id === viewer.id;
  return {
    activate: canEdit && manageable && !target.isActive,
    deactivate: canEdit && manageable && target.isActive,
    edit: canEdit && manageable,
    delete: canDelete && manageable,
    resetPassword: canEdit && target.isActive && !isOwner(target.permissions) && (self || manageable),
  };
}

export function hasAnyAction(actions: RowActions): boolean {
  return Object.values(actions).some(Boolean);
}
