/**
 * The admin panel's texts. Those of spec section 8 are exact; the permission alerts use the same words
 * as the server's refusals, so a hand-made request and a click say the same thing.
 */
export const USER_MESSAGES = {
  deleteFailed: "Failed to delete user",
  deleteError: "Error deleting user",
  updateFailed: "Failed to update user",
  activateFailed: "Failed to activate user",
  resetSent: "Password reset email sent successfully",
  resetFailed: "Failed to send password reset email",
  resendInvitationFailed: "Failed to send the invitation again",
  inviteFailed: "Failed to invite user",
  emailChangeFailed: "Failed to change the e-mail address",
} as const;

/** After an invitation: who, where the link went, and what happens next. */
export function inviteSentMessage(username: string, email: string): string {
  return `Invitation sent to ${email}. "${username}" stays inactive until they choose a password from the link.`;
}

/** After an address correction: nothing changed yet; the new address must confirm it. */
export function emailChangeSentMessage(username: string, email: string): string {
  return `Confirmation sent to ${email}. The address of "${username}" changes once the link in it is opened.`;
}

export const PROJECT_MESSAGES = {
  updateFailed: "Failed to update project",
  updateError: "Error updating project",
  deleteFailed: "Failed to delete project",
  deleteError: "Error deleting project",
  saveFailed: "Failed to create/update project",
  saveError: "Error saving project",
  empty: "No projects found",
  createFirst: "Create Your First Project",
} as const;

export { PERMISSION_ALERTS } from "./permission-alerts.ts";

/** The spec's '{n} users updated', in the singular for one user. */
export function roleUpdatedMessage(updatedUsers: number): string {
  return `Role permissions updated successfully. ${updatedUsers} ${updatedUsers === 1 ? "user" : "users"} updated.`;
}

export function roleRestoredMessage(version: number, updatedUsers: number): string {
  return `Role restored to version ${version}. ${updatedUsers} ${updatedUsers === 1 ? "user" : "users"} updated.`;
}

export function roleRestoreFailedMessage(serverError: string | undefined): string {
  return `Could not restore this version of the role: ${serverError || "Unknown error"}`;
}

export function roleUpdateFailedMessage(serverError: string | undefined): string {
  return `Failed to update role permissions: ${serverError || "Unknown error"}`;
}

export function deleteProjectQuestion(title: string): string {
  return `Are you sure you want to delete "${title}"?`;
}

export function deleteUserQuestion(username: string): string {
  return `Are you sure you want to delete "${username}"? Their sessions end and this cannot be undone.`;
}
