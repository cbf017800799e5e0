/**
 * The questions asked before an action another person feels: deactivating a user logs them out,
 * a password reset mails them, a deletion removes them, ending your other sessions logs those browsers out.
 * Each question says what will happen, to whom, so the answer is an informed one.
 */
import { deleteUserQuestion } from "./admin-messages.ts";

export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  /** Red for what cannot be taken back at once (a logout, a deletion); indigo for a mail. */
  tone: "danger" | "primary";
}

/** The Users table's actions that ask first. */
export type ConfirmedUserAction = "deactivate" | "resetPassword" | "delete";

export function userActionConfirmation(
  action: ConfirmedUserAction,
  /** The address is absent for viewers who may not see it: the question then names the user alone. */
  user: { username: string; email?: string },
): Confirmation {
  switch (action) {
    case "deactivate":
      return {
        title: "Deactivate user",
        message: `Deactivate "${user.username}"? They are logged out at once on every browser and desktop app, and cannot log in until they are activated again.`,
        confirmLabel: "Deactivate",
        tone: "danger",
      };
    case "resetPassword":
      return {
        title: "Reset password",
        message: `Send "${user.username}" a password reset e-mail${user.email ? ` at ${user.email}` : ""}? Their password keeps working until they choose a new one with the link.`,
        confirmLabel: "Send reset e-mail",
        tone: "primary",
      };
    case "delete":
      return {
        title: "Delete user",
        message: deleteUserQuestion(user.username),
        confirmLabel: "Delete",
        tone: "danger",
      };
  }
}

function sessions(count: number): string {
  return `${count} other ${count === 1 ? "session" : "sessions"}`;
}

/** 'Log out everywhere else', asked with the number of sessions it ends. */
export function endOtherSessionsConfirmation(otherCount: number): Confirmation {
  return {
    title: "Log out everywhere else",
    message: `End your ${sessions(otherCount)}? Those browsers are logged out at once. This browser stays logged in, and so do your desktop apps (revoke those under Device tokens).`,
    confirmLabel: "Log out everywhere else",
    tone: "danger",
  };
}

export function endedOtherSessionsMessage(ended: number): string {
  return ended === 0 ? "There was no other session to end." : `Logged out of ${sessions(ended)}.`;
}
