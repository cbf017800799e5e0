/**
 * The part of `decide` that needs neither a user nor the rule tables: what anyone may do, logged in or not.
 * On its own so a page with nobody logged in can answer `can` without loading the rest of the policy.
 */
import { samePermissionSet } from "../permission-set.ts";
import type { Action } from "./actions.ts";
import type { PermissionChange } from "./permissions.rules.ts";

export function allowedToAnyone(action: Action, target: unknown): boolean {
  return action === "public" || changesNothing(action, target);
}

/** A "change" that leaves the set as it was changes nothing, so it needs nothing. */
function changesNothing(action: Action, target: unknown): boolean {
  const change = target as Partial<PermissionChange> | undefined;
  return (
    action === "permissions.change" &&
    !!change?.before &&
    !!change.after &&
    samePermissionSet(change.before, change.after)
  );
}
