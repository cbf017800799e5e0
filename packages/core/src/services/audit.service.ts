/** Append-only audit log (SECURITY 11): logins, permission and role changes, deletions, token issue. */
import type { Db } from "../data/schema.ts";
import { type Actor, actorName } from "./context.ts";
import { newId } from "./secrets.ts";

export type AuditAction =
  | "auth.login"
  | "auth.login_failed"
  | "auth.login_refused"
  | "auth.logout"
  | "auth.signup"
  | "auth.signup_taken"
  | "auth.forgot_password"
  | "auth.activate"
  | "auth.password_reset"
  | "auth.password_changed"
  | "token.issued"
  | "token.revoked"
  | "session.ended"
  | "session.ended_others"
  | "user.activate"
  | "user.deactivate"
  | "user.edit"
  | "user.delete"
  | "user.password_reset_requested"
  | "user.email_change_requested"
  | "user.email_changed"
  | "user.invite"
  | "auth.invitation_accepted"
  | "role.edit"
  | "project.create"
  | "project.edit"
  | "project.delete"
  | "settings.edit"
  | "twitch.connect"
  | "second_factor.totp_enabled"
  | "second_factor.totp_removed"
  | "second_factor.recovery_codes_renewed"
  | "second_factor.recovery_code_used"
  | "second_factor.passkey_added"
  | "second_factor.passkey_removed"
  | "second_factor.removed_by_staff"
  | "second_factor.failed"
  | "settings.security";

export interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, actor: Actor, at: Date, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      at: at.toISOString(),
      actor_id: actor.kind === "user" ? actor.id : null,
      actor_name: actorName(actor),
      action: entry.action,
      kind: entry.action.split(".")[0] ?? entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

/** Before/after of just the fields that changed, for the audit trail. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const diff = { before: {} as Partial<T>, after: {} as Partial<T> };
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      diff.before[key] = before[key];
      diff.after[key] = after[key];
    }
  }
  return diff;
}
