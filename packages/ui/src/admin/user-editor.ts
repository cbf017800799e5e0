/**
 * Rules of the Edit User modal (spec sections 4, 5 and 6):
 * - it starts in role mode when the user's permissions equal one role's set exactly, else in custom mode;
 * - the owner role is never in the role list, and override:owner can never be toggled;
 * - a permission the acting user does not hold cannot be granted (the server refuses it too);
 * - changing permissions at all needs users:permissions (the username alone needs only users:edit).
 */
import {
  DEFAULT_ROLES,
  decide,
  ROLE_KEYS,
  type RoleKey,
  type RoleView,
  samePermissionSet,
} from "@portfolio/core/domain";
import { orderPermissions, type PermissionOption, permissionChoices } from "./permission-choices.ts";

export type EditMode = "role" | "custom";

/** Role definitions as the panel knows them (fetched from the server, or the defaults until then). */
export type RoleSet = Record<RoleKey, RoleView>;

export const DEFAULT_ROLE_SET: RoleSet = Object.fromEntries(
  ROLE_KEYS.map((key) => {
    const { key: _key, ...view } = DEFAULT_ROLES[key];
    return [key, view];
  }),
) as RoleSet;

/** Roles a user can be given in the editor: every role but owner, in rank order. */
export const ASSIGNABLE_ROLE_KEYS: readonly RoleKey[] = ["admin", "moderator", "user"];

/** The assignable role whose permissions equal the list exactly, or null. */
export function exactRole(permissions: readonly string[], roles: RoleSet): RoleKey | null {
  return ASSIGNABLE_ROLE_KEYS.find((key) => samePermissionSet(roles[key].permissions, permissions)) ?? null;
}

export function initialEditMode(permissions: readonly string[], roles: RoleSet): EditMode {
  return exactRole(permissions, roles) ? "role" : "custom";
}

/** The policy's answer to changing what a user holds, as the acting user (`after` omitted: may they at all). */
function permissionChange(viewerPermissions: readonly string[], before: readonly string[], after?: readonly string[]) {
  return decide(
    { kind: "user", id: "", permissions: viewerPermissions },
    "permissions.change",
    after && { before, after },
  );
}

export function canChangePermissions(viewerPermissions: readonly string[]): boolean {
  return permissionChange(viewerPermissions, []).allowed;
}

export interface RoleOption {
  key: RoleKey;
  role: RoleView;
  disabled: boolean;
  /** Why the option is disabled, in words. */
  reason?: string;
}

export function roleOptions(
  viewerPermissions: readonly string[],
  before: readonly string[],
  roles: RoleSet,
): RoleOption[] {
  const mayChange = canChangePermissions(viewerPermissions);
  return ASSIGNABLE_ROLE_KEYS.map((key) => {
    const role = roles[key];
    const unchanged = samePermissionSet(role.permissions, before);
    if (!mayChange && !unchanged) return { key, role, disabled: true, reason: "Needs users:permissions" };
    const decision = permissionChange(viewerPermissions, before, role.permissions);
    return decision.allowed ? { key, role, disabled: false } : { key, role, disabled: true, reason: decision.message };
  });
}

/** The checkboxes of custom mode; all locked without users:permissions. */
export function userPermissionChoices(
  viewerPermissions: readonly string[],
  before: readonly string[],
  draft: readonly string[],
): PermissionOption[] {
  const locked = canChangePermissions(viewerPermissions) ? null : "Needs users:permissions";
  return permissionChoices({ viewerPermissions, before, draft, locked });
}

export interface UserEditorState {
  username: string;
  mode: EditMode;
  /** The chosen role in role mode (null until one is picked). */
  role: RoleKey | null;
  /** Custom-mode permissions; in role mode the role's permissions apply. */
  permissions: string[];
}

export function initialEditorState(
  user: { username: string; permissions: readonly string[] },
  roles: RoleSet,
): UserEditorState {
  const role = exactRole(user.permissions, roles);
  return {
    username: user.username,
    mode: role ? "role" : "custom",
    role,
    permissions: orderPermissions(user.permissions),
  };
}

/** The permissions the editor would save. */
export function draftPermissions(state: UserEditorState, roles: RoleSet): string[] {
  if (state.mode === "role") return state.role ? orderPermissions(roles[state.role].permissions) : state.permissions;
  return state.permissions;
}

/** Switching to role mode picks the role the current permissions match, if any; custom mode keeps them. */
export function switchMode(state: UserEditorState, mode: EditMode, roles: RoleSet): UserEditorState {
  if (mode === state.mode) return state;
  const permissions = draftPermissions(state, roles);
  return mode === "role"
    ? { ...state, mode, role: exactRole(permissions, roles), permissions }
    : { ...state, mode, permissions };
}

/** True when a save would change the user: another username, or another set of permissions (a mode switch alone is not). */
export function isUserEditDirty(
  state: UserEditorState,
  user: { username: string; permissions: readonly string[] },
  roles: RoleSet,
): boolean {
  return (
    state.username.trim() !== user.username || !samePermissionSet(draftPermissions(state, roles), user.permissions)
  );
}
