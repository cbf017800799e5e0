/**
 * Changing what someone holds: nobody grants override:owner through the API, nor any permission they do not
 * hold themselves. One rule, whether the change targets one user or a whole role (docs/security.md, promises 10 and 21).
 */
import { grantBlockers } from "../admin-rules.ts";
import { OWNER_OVERRIDE } from "../permissions.ts";

export interface PermissionChange {
  before: readonly string[];
  after: readonly string[];
}

export function grantRefusal(actorPermissions: readonly string[], change: PermissionChange): string | null {
  const blockers = grantBlockers(actorPermissions, change.before, change.after);
  if (blockers.includes(OWNER_OVERRIDE)) return "The override:owner permission cannot be granted.";
  if (blockers.length > 0) return `You cannot grant permissions you do not hold: ${blockers.join(", ")}.`;
  return null;
}
