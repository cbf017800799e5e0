/**
 * The daily check of the audit chain (issue 26), run by housekeeping: it verifies the whole chain once a
 * day, keeps the outcome (so a break is mailed once, not every hour), and mails the owner when the chain is
 * found broken.
 */
import type { AuditVerifyAnswer } from "../domain/api-types.ts";
import { verifyAuditChain } from "./audit-chain.ts";
import type { Core } from "./context.ts";
import { getSetting, setSetting } from "./settings.service.ts";

export const AUDIT_CHECK_SETTING = "audit_last_check";
export const AUDIT_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type AuditCheck = AuditVerifyAnswer & { at: string };

export async function checkAuditChainIfDue(core: Core): Promise<AuditCheck | undefined> {
  const now = core.now();
  const last = await getSetting<AuditCheck>(core.db, AUDIT_CHECK_SETTING);
  if (last && now.getTime() - Date.parse(last.at) < AUDIT_CHECK_INTERVAL_MS) return undefined;
  const answer = await verifyAuditChain(core.db, core.config.auditKey);
  const check: AuditCheck = { ...answer, at: now.toISOString() };
  await setSetting(core.db, AUDIT_CHECK_SETTING, check);
  const newlyBroken = !answer.ok && (last === undefined || last.ok || last.firstBadId !== answer.firstBadId);
  if (!answer.ok && newlyBroken) await mailOwners(core, answer);
  return check;
}

async function mailOwners(core: Core, answer: Extract<AuditVerifyAnswer, { ok: false }>): Promise<void> {
  const owners = await core.db
    .selectFrom("users")
    .select("email")
    .where("role_key", "=", "owner")
    .where("is_active", "=", 1)
    .execute();
  const link = `${core.config.publicUrl}/admin`;
  const text = [
    "The daily check of your site's audit log found it broken: an entry was changed or removed in the database.",
    `First bad entry: ${answer.firstBadId}`,
    `Reason: ${answer.reason}`,
    `Entries intact before it: ${answer.entries}`,
    "Compare the database with your backups, and check who can write to it.",
    `Audit log: ${link}`,
  ].join("\n\n");
  const escapeHtml = (value: string) =>
    value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
  const html = `<p>The daily check of your site's audit log found it <strong>broken</strong>: an entry was changed or removed in the database.</p><p>First bad entry: <code>${escapeHtml(answer.firstBadId)}</code><br>Reason: ${escapeHtml(answer.reason)}<br>Entries intact before it: ${answer.entries}</p><p>Compare the database with your backups, and check who can write to it.</p><p><a href="${escapeHtml(link)}">Open the audit log</a></p>`;
  for (const owner of owners) {
    core.mailer.enqueue({ to: owner.email, subject: "Your audit log is broken", text, html, link });
  }
}
