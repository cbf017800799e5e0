/** Append-only audit log (docs/security.md, promise 11): logins, permission and role changes, deletions, token issue. */
import type { Db } from "../data/schema.ts";
import { appendChained, appendChainedMany, type ChainedFields, type RowsAlongside } from "./audit-chain.ts";
import { type Actor, actorName, type CoreConfig } from "./context.ts";
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
  | "user.invitation_resent"
  | "auth.invitation_accepted"
  | "role.edit"
  | "project.create"
  | "project.edit"
  | "project.delete"
  | "project.restore"
  | "project.untrash"
  | "trash.purge"
  | "settings.restore"
  | "role.restore"
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
  | "second_factor.paused"
  | "settings.security"
  | "settings.analytics"
  | "audit.sealed";

export interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** What writing an entry needs of the core: the chain's key and the clock. */
export interface AuditWriter {
  config: Pick<CoreConfig, "auditKey">;
  now: () => Date;
}

/**
 * Appends an entry chained to the one before it (audit-chain.ts), inside `db` when it is a transaction;
 * `alongside` (a version row of the same change) is written in the statement that locks the chain.
 */
export async function recordAudit(
  core: AuditWriter,
  db: Db,
  actor: Actor,
  entry: AuditEntry,
  alongside?: RowsAlongside,
): Promise<void> {
  await appendChained(db, core.config.auditKey, auditFields(core, actor, entry), alongside);
}

/**
 * `recordAudit` for many entries of one actor, chained in the order given, in the caller's transaction: one
 * head taken and a few statements for all of them (a sync push of hundreds of creates).
 */
export async function recordAudits(
  core: AuditWriter,
  trx: Db,
  actor: Actor,
  entries: readonly AuditEntry[],
  alongside?: RowsAlongside,
): Promise<void> {
  await appendChainedMany(
    trx,
    core.config.auditKey,
    entries.map((entry) => auditFields(core, actor, entry)),
    alongside,
  );
}

function auditFields(core: AuditWriter, actor: Actor, entry: AuditEntry): ChainedFields & { kind: string } {
  return {
    id: newId(),
    at: core.now().toISOString(),
    actor_id: actor.kind === "user" ? actor.id : null,
    actor_name: actorName(actor),
    action: entry.action,
    kind: entry.action.split(".")[0] ?? entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId ?? null,
    details: JSON.stringify(entry.details ?? {}),
  };
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
