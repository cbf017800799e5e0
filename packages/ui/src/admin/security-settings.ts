/**
 * The owner's 'Require a second factor for staff' (docs/security.md, promise 30) in words: what it does, how many
 * staff it would stop today, and the question asked before turning it on while some have no second factor.
 * Staff are the holders of website:admin:view, the owner included (the server counts them).
 */

export const STAFF_CARD_TITLE = "Two-factor authentication for staff";
export const REQUIRE_STAFF_LABEL = "Require a second factor for staff";

export const REQUIRE_STAFF_EXPLANATION =
  "Staff are everyone who can open the admin panel, you included. While this is on, a staff member without an authenticator app or a passkey can still sign in, but the admin panel stays closed to them: they are taken to Account security to set one up first. Users who are not staff are not affected.";

export const REQUIREMENT_ON = "Staff now need a second factor to use the admin panel.";
export const REQUIREMENT_OFF = "Staff no longer need a second factor to use the admin panel.";
export const REQUIREMENT_NOT_SAVED = "The sign-in security setting was not saved.";
export const SECURITY_ON_WEBSITE = "Sign-in security is changed on the website: log in there as the owner.";

function staffMembers(count: number): string {
  return count === 1 ? "1 staff member has" : `${count} staff members have`;
}

/** Who would be stopped today: 'Every staff member has a second factor.' or '2 staff members have none yet…'. */
export function staffWithoutSecondFactorText(count: number, ownerHasOne: boolean): string {
  if (count === 0) return "Every staff member has a second factor.";
  const you = ownerHasOne ? "" : count === 1 ? " (you)" : " (you among them)";
  return `${staffMembers(count)} no second factor yet${you}.`;
}

export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/** The question before turning it on, or null when every staff member already has a second factor. */
export function requirementConfirmation(count: number, ownerHasOne: boolean): Confirmation | null {
  if (count === 0) return null;
  const others = ownerHasOne ? count : count - 1;
  const parts: string[] = [];
  if (others > 0) {
    parts.push(
      `${others === 1 ? "1 staff member has" : `${others} staff members have`} no second factor yet. Until they set one up, the admin panel stays closed to them and sends them to Account security.`,
    );
  }
  if (!ownerHasOne) {
    parts.push(
      "You have no second factor either: the admin panel closes for you too until you set one up under Account security.",
    );
  }
  return {
    title: "Require a second factor for staff?",
    message: parts.join(" "),
    confirmLabel: "Require it",
  };
}
