/**
 * The one policy: `decide(actor, action, target?)` answers whether the actor may do it, or why not. The
 * server's `assertCan` and the UI's `useCan` both call it, so the UI offers exactly what the server allows.
 * Browser-safe and pure.
 */
import { hasPermission } from "../permissions.ts";
import { SECOND_FACTOR_MESSAGES } from "../second-factor-messages.ts";
import { ACTIONS, type Action, OPEN_WITHOUT_SECOND_FACTOR, type Requirement } from "./actions.ts";
import { allowedToAnyone } from "./anyone.ts";
import { grantRefusal, type PermissionChange } from "./permissions.rules.ts";
import { type RoleTarget, roleRefusal } from "./roles.rules.ts";
import {
  devicesRefusal,
  emailChangeRefusal,
  invitationResendRefusal,
  resetPasswordRefusal,
  type UserTarget,
  userRefusal,
} from "./users.rules.ts";

/** Who acts, as the policy sees them: a user with their current permissions, or nobody logged in. */
export type PolicyActor =
  | {
      kind: "user";
      id: string;
      permissions: readonly string[];
      /**
       * Staff without a second factor while the owner requires one: nothing but their own account's security
       * (`OPEN_WITHOUT_SECOND_FACTOR`), so a stolen password alone stops there (docs/security.md).
       */
      secondFactorMissing?: boolean;
    }
  | { kind: "anonymous" }
  | { kind: "system"; reason: string };

/** What an action is about, for the actions whose rules depend on it. */
export interface Targets {
  "users.edit": UserTarget;
  "users.delete": UserTarget;
  "users.resetPassword": UserTarget;
  "users.devices": UserTarget;
  "users.email": UserTarget;
  "users.invitation.resend": UserTarget;
  "users.secondFactors": UserTarget;
  "permissions.change": PermissionChange;
  "roles.update": RoleTarget & Partial<PermissionChange>;
}

export type TargetOf<A extends Action> = A extends keyof Targets ? Targets[A] : undefined;

export type Decision =
  | { allowed: true }
  | { allowed: false; reason: "unauthenticated"; message: string }
  | { allowed: false; reason: "forbidden"; message: string };

const ALLOWED: Decision = { allowed: true };
const LOGGED_OUT: Decision = { allowed: false, reason: "unauthenticated", message: "You must be logged in." };

const forbidden = (message: string): Decision => ({ allowed: false, reason: "forbidden", message });

function missing(permissions: readonly string[], requirements: readonly Requirement[]): string | null {
  return requirements.find((r) => !hasPermission(permissions, r.permission))?.refusal ?? null;
}

function targetRefusal(actor: { id: string; permissions: readonly string[] }, action: Action, target: unknown) {
  if (target === undefined) return null;
  switch (action) {
    case "users.edit":
      return userRefusal(actor, target as UserTarget, "edit");
    case "users.delete":
      return userRefusal(actor, target as UserTarget, "delete");
    case "users.resetPassword":
      return resetPasswordRefusal(actor, target as UserTarget);
    case "users.devices":
      return devicesRefusal(actor, target as UserTarget);
    case "users.email":
      return emailChangeRefusal(actor, target as UserTarget);
    case "users.invitation.resend":
      return invitationResendRefusal(actor, target as UserTarget);
    case "users.secondFactors":
      return userRefusal(actor, target as UserTarget, "remove the two-factor authentication of");
    case "permissions.change":
      return grantRefusal(actor.permissions, target as PermissionChange);
    case "roles.update": {
      const role = target as Targets["roles.update"];
      const refusal = roleRefusal(actor.permissions, role);
      if (refusal || !role.before || !role.after) return refusal;
      // A role edit changes what its members hold: the same rule as changing one user's permissions.
      const change = decide({ kind: "user", ...actor }, "permissions.change", {
        before: role.before,
        after: role.after,
      });
      return change.allowed ? null : change.message;
    }
    default:
      return null;
  }
}

export function decide<A extends Action>(actor: PolicyActor, action: A, target?: TargetOf<A>): Decision {
  if (allowedToAnyone(action, target)) return ALLOWED;
  if (actor.kind !== "user") return LOGGED_OUT;
  const requirements: readonly Requirement[] = ACTIONS[action];
  const refusal =
    missing(actor.permissions, requirements) ??
    (actor.secondFactorMissing && !OPEN_WITHOUT_SECOND_FACTOR.includes(action)
      ? SECOND_FACTOR_MESSAGES.staffMustEnrol
      : null) ??
    targetRefusal(actor, action, target);
  return refusal ? forbidden(refusal) : ALLOWED;
}
