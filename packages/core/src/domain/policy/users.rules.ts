/**
 * Rules on users (spec section 6, docs/security.md, promise 10): admin calls never act on yourself or an owner, nor on a user
 * who holds a permission you lack (a partial admin cannot remove a full one).
 */
import { isOwner, manageRefusal } from "../admin-rules.ts";

export interface UserTarget {
  id: string;
  permissions: readonly string[];
  isActive?: boolean;
  /** Deactivated by staff (docs/security.md, promise 33): no mail goes to it, so no e-mail change either. */
  deactivated?: boolean;
}

export const EMAIL_CHANGE_DEACTIVATED =
  "This account is deactivated: reactivate it before changing its e-mail address, so no mail goes to it meanwhile.";

export type UserVerb =
  | "edit"
  | "delete"
  | "reset the password of"
  | "manage the devices of"
  | "change the e-mail address of"
  | "resend the invitation of"
  | "remove the two-factor authentication of";

export function userRefusal(
  actor: { id: string; permissions: readonly string[] },
  target: UserTarget,
  verb: UserVerb,
): string | null {
  const refusal = manageRefusal(actor, target);
  if (refusal === "self") return `You cannot ${verb} your own account here.`;
  if (refusal === "owner") return `You cannot ${verb} the owner.`;
  if (refusal === "holds-more") return `You cannot ${verb} a user who holds permissions you do not have.`;
  return null;
}

/** Password reset is not offered for owners or inactive users; you may send one to yourself. */
export function resetPasswordRefusal(
  actor: { id: string; permissions: readonly string[] },
  target: UserTarget,
): string | null {
  if (isOwner(target.permissions)) return "You cannot reset the password of the owner.";
  if (target.isActive === false) return "You cannot reset the password of an inactive user.";
  if (target.id === actor.id) return null;
  return userRefusal(actor, target, "reset the password of");
}

/**
 * A user's devices, their desktop app tokens and browser sessions (docs/security.md, promise 26): staff see and end their own
 * and those of the users they may manage. The owner's are the owner's alone.
 */
export function devicesRefusal(
  actor: { id: string; permissions: readonly string[] },
  target: UserTarget,
): string | null {
  if (isOwner(target.permissions))
    return isOwner(actor.permissions) ? null : "Only the owner can manage the owner's devices.";
  if (target.id === actor.id) return null;
  return userRefusal(actor, target, "manage the devices of");
}

/**
 * Correcting an e-mail address follows the edit rule (never yourself, an owner, or a user who
 * holds more than you), except that the owner, whom nobody else may touch, corrects an owner's address.
 */
export function emailChangeRefusal(
  actor: { id: string; permissions: readonly string[] },
  target: UserTarget,
): string | null {
  if (isOwner(target.permissions))
    return isOwner(actor.permissions) ? null : "You cannot change the e-mail address of the owner.";
  return (
    userRefusal(actor, target, "change the e-mail address of") ?? (target.deactivated ? EMAIL_CHANGE_DEACTIVATED : null)
  );
}

/**
 * A new invitation link follows the edit rule: a partial admin does not re-send an invitation
 * that grants more than they hold. Whether the invitation still waits is the service's 409, not a refusal.
 */
export function invitationResendRefusal(
  actor: { id: string; permissions: readonly string[] },
  target: UserTarget,
): string | null {
  return userRefusal(actor, target, "resend the invitation of");
}
