/**
 * The permission checkboxes shared by the Edit User modal and the role editor: every catalogue permission
 * (plus any unknown one already held) with whether it can be toggled. override:owner never can; a
 * permission the acting user does not hold cannot be granted (the server refuses both).
 */
import {
  describePermission,
  hasPermission,
  OWNER_OVERRIDE,
  PERMISSION_CATALOGUE,
  type PermissionDefinition,
} from "@portfolio/core/domain";

export interface PermissionOption {
  definition: PermissionDefinition;
  checked: boolean;
  disabled: boolean;
  /** Why the checkbox is disabled, in words. */
  reason?: string;
}

export const OWNER_PERMISSION_REASON = "Cannot be granted by others";
export const NOT_HELD_REASON = "You do not hold this permission";

export function permissionChoices(options: {
  viewerPermissions: readonly string[];
  /** The saved permissions (removing and re-adding one of these is not a grant). */
  before: readonly string[];
  draft: readonly string[];
  /** When set, nothing can be toggled, for this reason. */
  locked?: string | null;
}): PermissionOption[] {
  const { viewerPermissions, before, draft, locked } = options;
  const known = new Set(PERMISSION_CATALOGUE.map((d) => d.name));
  const extra = [...new Set([...before, ...draft])].filter((p) => !known.has(p)).map(describePermission);
  return [...PERMISSION_CATALOGUE, ...extra].map((definition) => {
    const { name } = definition;
    const checked = draft.includes(name);
    if (name === OWNER_OVERRIDE) return { definition, checked, disabled: true, reason: OWNER_PERMISSION_REASON };
    if (locked) return { definition, checked, disabled: true, reason: locked };
    if (!checked && !before.includes(name) && !hasPermission(viewerPermissions, name))
      return { definition, checked, disabled: true, reason: NOT_HELD_REASON };
    return { definition, checked, disabled: false };
  });
}

/** Catalogue order, no duplicates, unknown names last. */
export function orderPermissions(permissions: readonly string[]): string[] {
  const index = (name: string) => {
    const i = PERMISSION_CATALOGUE.findIndex((d) => d.name === name);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...new Set(permissions)].sort((a, b) => index(a) - index(b) || a.localeCompare(b));
}

/** Adds or removes one permission; override:owner never moves. */
export function togglePermission(draft: readonly string[], name: string): string[] {
  if (name === OWNER_OVERRIDE) return [...draft];
  return orderPermissions(draft.includes(name) ? draft.filter((p) => p !== name) : [...draft, name]);
}

/** Options grouped by category, in catalogue order (for fieldsets). */
export function groupOptions(options: readonly PermissionOption[]): Array<[string, PermissionOption[]]> {
  const groups = new Map<string, PermissionOption[]>();
  for (const option of options) {
    const list = groups.get(option.definition.category) ?? [];
    list.push(option);
    groups.set(option.definition.category, list);
  }
  return [...groups];
}
