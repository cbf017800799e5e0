/** Reading the audit log for the Dashboard: newest first, filterable by actor and kind, paged by time. */
import type { AuditLastCheckAnswer, AuditLogAnswer, AuditVerifyAnswer } from "../domain/api-types.ts";
import { auditQuerySchema, auditVerifyQuerySchema } from "../domain/audit-query.ts";
import { parseHead } from "./audit-chain.ts";
import { readStoredCheck } from "./audit-check.ts";
import { verifyForUser } from "./audit-verify.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";

export async function listAuditLog(core: Core, actor: Actor, query: unknown): Promise<AuditLogAnswer> {
  assertCan(actor, "audit.view");
  const { actor: actorName, kind, before, limit } = parseInput(auditQuerySchema, query);
  let select = core.db.selectFrom("audit_log").selectAll();
  if (actorName) select = select.where("actor_name", "=", actorName);
  // An action through audit_log_action_seq; a kind (every action starting "kind.") through audit_log_kind_seq.
  if (kind) select = kind.includes(".") ? select.where("action", "=", kind) : select.where("kind", "=", kind);
  if (before !== undefined) select = select.where("seq", "<", before);
  const rows = await select
    .orderBy("seq", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at,
      actorId: r.actor_id,
      actorName: r.actor_name,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      details: JSON.parse(r.details) as Record<string, unknown>,
      hash: r.hash,
      prevHash: r.prev_hash,
    })),
    next: rows.length > limit ? (page.at(-1)?.seq ?? null) : null,
  };
}

/**
 * `GET /api/admin/audit/verify` ('Verify now'): walks the whole chain with the key and the remembered head
 * (audit-verify.ts), limited per user and shared with a walk already running; it writes only the remembered
 * head, moved forward onto a whole chain's head.
 */
export async function verifyAuditLog(core: Core, actor: Actor, query: unknown): Promise<AuditVerifyAnswer> {
  assertCan(actor, "audit.view");
  const { head } = parseInput(auditVerifyQuerySchema, query);
  const userId = actor.kind === "user" ? actor.id : actor.kind;
  return verifyForUser(core, userId, head === undefined ? undefined : (parseHead(head) ?? undefined));
}

/**
 * `GET /api/admin/audit/check`: housekeeping's newest daily check of the whole chain (audit-check.ts), one row
 * read whatever the log's size, so the panel need not walk 500,000 entries each time it opens.
 */
export async function lastAuditCheck(core: Core, actor: Actor): Promise<AuditLastCheckAnswer> {
  assertCan(actor, "audit.view");
  // A stored result changed in the database is answered as the break it is (audit-check.ts).
  const stored = await readStoredCheck(core);
  return { check: stored.state === "none" ? null : stored.check };
}
