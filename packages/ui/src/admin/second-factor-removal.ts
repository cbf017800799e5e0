/**
 * 'Remove second factors' on a user (docs/security.md, promise 30: a lost phone). Asked of the server's policy
 * (`users.secondFactors`: users:permissions, never the owner, never yourself here), so the button is offered
 * exactly where the server would accept it; elsewhere it stays, unavailable, with the policy's reason. Only a
 * browser session may do it, so the desktop app sends you to the website.
 */
import { decide } from "@portfolio/core/domain";
import type { Viewer } from "./user-actions.ts";

export const REMOVE_SECOND_FACTORS = "Remove second factors";
export const REMOVAL_ON_WEBSITE = "Removing a user's second factors is done on the website.";
export const REMOVAL_FAILED = "The second factors were not removed.";

/** Why the viewer may not remove this user's second factors, or null when they may. */
export function removalRefusal(
  viewer: Viewer,
  user: { _id: string; permissions: readonly string[] },
  credential: "session" | "device",
): string | null {
  const decision = decide({ kind: "user", ...viewer }, "users.secondFactors", {
    id: user._id,
    permissions: user.permissions,
  });
  if (!decision.allowed) return decision.message;
  return credential === "session" ? null : REMOVAL_ON_WEBSITE;
}

export function removalExplanation(username: string): string {
  return `If "${username}" lost the phone or the passkey they sign in with, remove their second factors: they then sign in with their password alone and set up a new one. They are told by e-mail.`;
}

export function removalConfirmation(username: string) {
  return {
    title: REMOVE_SECOND_FACTORS,
    message: `Remove every second factor of "${username}": their authenticator app, recovery codes and passkeys? Until they set up a new one, their password alone signs them in. They are told by e-mail.`,
    confirmLabel: REMOVE_SECOND_FACTORS,
  };
}

export function removedMessage(username: string): string {
  return `The second factors of "${username}" were removed. They can sign in with their password and set up a new one.`;
}
