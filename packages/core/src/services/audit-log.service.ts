/** Reading the audit log for the Dashboard: newest first, filterable by actor and kind, paged by time. */
import type { AuditLastCheckAnswer, AuditLogAnswer, AuditVerifyAnswer } from "../domain/api-types.ts";
import { auditQuerySchema, auditVerifyQuerySchema } from "../domain/audit-query.ts";
import { parseHead, verifyAuditChain } from "./audit-chain.ts";
import { AUDIT_CHECK_SETTING, AUDIT_VERIFY_SETTING, type AuditCheck } from "./audit-check.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { getSetting, setSetting } from "./settings.service.ts";

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
 * `GET /api/admin/audit/verify`: walks the whole chain with the key (audit-chain.ts). The outcome of a walk
 * without a saved head is kept apart from the daily check's (which decides whether a break is mailed), so the
 * panel can show the newest check without walking the chain each time it opens.
 */
export async function verifyAuditLog(core: Core, actor: Actor, query: unknown): Promise<AuditVerifyAnswer> {
  assertCan(actor, "audit.view");
  const { head } = parseInput(auditVerifyQuerySchema, query);
  const at = core.now().toISOString();
  const answer = await verifyAuditChain(
    core.db,
    core.config.auditKey,
    head === undefined ? undefined : (parseHead(head) ?? undefined),
  );
  if (head === undefined) await setSetting(core.db, AUDIT_VERIFY_SETTING, { ...answer, at } satisfies AuditCheck);
  return answer;
}

/** `GET /api/admin/audit/check`: the newer of the daily check and the last verify asked for; two reads of a row. */
export async function lastAuditCheck(core: Core, actor: Actor): Promise<AuditLastCheckAnswer> {
  assertCan(actor, "audit.view");
  const [daily, asked] = await Promise.all([
    getSetting<AuditCheck>(core.db, AUDIT_CHECK_SETTING),
    getSetting<AuditCheck>(core.db, AUDIT_VERIFY_SETTING),
  ]);
  const newest = [daily, asked]
    .filter((check): check is AuditCheck => check !== undefined)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  return { check: newest ?? null };
}
