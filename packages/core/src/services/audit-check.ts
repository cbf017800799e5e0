/**
 * The daily check of the audit chain, run by housekeeping: it verifies the whole chain once a
 * day with the remembered head (audit-verify.ts), keeps the outcome (so a break is mailed once, not every
 * hour), and mails the owner when the chain is found broken.
 *
 * The kept outcome carries a MAC under the audit key (docs/security.md, the database holder): one changed in
 * the database (an `at` in the future to stop the check, 'intact' over a break, or 'broken' to silence the
 * mail) is shown as a break, mailed, and the check runs again at the next housekeeping.
 */
import { createHmac } from "node:crypto";
import type { AuditVerifyAnswer } from "../domain/api-types.ts";
import { verifyOnce } from "./audit-verify.ts";
import type { Core } from "./context.ts";
import { getSetting, setSetting } from "./settings.service.ts";

export const AUDIT_CHECK_SETTING = "audit_last_check";
export const AUDIT_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How far ahead of this clock another instance's may run before its `at` counts as a forged future. */
export const AUDIT_CHECK_CLOCK_SKEW_MS = 60 * 1000;
export const FORGED_CHECK = "The stored result of the daily check was changed in the database.";
export const FUTURE_CHECK =
  "The stored result of the daily check is dated in the future: it was changed in the database.";

export type AuditCheck = AuditVerifyAnswer & { at: string };

/** The stored result as the panel and the next check read it. */
export type StoredCheck =
  | { state: "none" }
  | { state: "kept"; check: AuditCheck }
  /** Changed in the database: `check` is the break to show in its place. */
  | { state: "forged"; check: AuditCheck };

function checkMac(key: string, check: AuditCheck): string {
  const outcome = check.ok ? [check.head?.id ?? null, check.head?.hash ?? null] : [check.firstBadId, check.reason];
  return createHmac("sha256", key)
    .update(JSON.stringify([AUDIT_CHECK_SETTING, check.at, check.ok, check.entries, ...outcome]))
    .digest("hex");
}

export async function readStoredCheck(core: Core): Promise<StoredCheck> {
  const stored = await getSetting<AuditCheck & { mac?: unknown }>(core.db, AUDIT_CHECK_SETTING);
  if (stored === undefined) return { state: "none" };
  const { mac, ...check } = stored;
  const at = Date.parse(String(check.at));
  const asBreak = (reason: string): StoredCheck => ({
    state: "forged",
    check: { ok: false, entries: 0, firstBadId: "", reason, at: core.now().toISOString() },
  });
  if (typeof mac !== "string" || typeof check.at !== "string" || mac !== checkMac(core.config.auditKey, check)) {
    return asBreak(FORGED_CHECK);
  }
  if (Number.isNaN(at) || at > core.now().getTime() + AUDIT_CHECK_CLOCK_SKEW_MS) return asBreak(FUTURE_CHECK);
  return { state: "kept", check };
}

export async function checkAuditChainIfDue(core: Core): Promise<AuditCheck | undefined> {
  const now = core.now();
  const stored = await readStoredCheck(core);
  const last = stored.state === "kept" ? stored.check : undefined;
  if (last && now.getTime() - Date.parse(last.at) < AUDIT_CHECK_INTERVAL_MS) return undefined;
  if (stored.state === "forged" && !stored.check.ok) await mailOwners(core, stored.check);
  const answer = await verifyOnce(core);
  const check: AuditCheck = { ...answer, at: now.toISOString() };
  await setSetting(core.db, AUDIT_CHECK_SETTING, { ...check, mac: checkMac(core.config.auditKey, check) });
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
    `First bad entry: ${answer.firstBadId || "(none named)"}`,
    `Reason: ${answer.reason}`,
    `Entries intact before it: ${answer.entries}`,
    "Compare the database with your backups, and check who can write to it.",
    `Audit log: ${link}`,
  ].join("\n\n");
  const escapeHtml = (value: string) =>
    value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
  const html = `<p>The daily check of your site's audit log found it <strong>broken</strong>: an entry was changed or removed in the database.</p><p>First bad entry: <code>${escapeHtml(answer.firstBadId || "(none named)")}</code><br>Reason: ${escapeHtml(answer.reason)}<br>Entries intact before it: ${answer.entries}</p><p>Compare the database with your backups, and check who can write to it.</p><p><a href="${escapeHtml(link)}">Open the audit log</a></p>`;
  for (const owner of owners) {
    core.mailer.enqueue({ to: owner.email, subject: "Your audit log is broken", text, html, link });
  }
}
