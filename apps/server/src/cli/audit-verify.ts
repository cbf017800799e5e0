/**
 * `portfolio-server audit-verify [--head <id>:<hash>]` (`pnpm audit:verify`): the check behind
 * `GET /api/admin/audit/verify`, run with the server's environment (DATABASE_URL, AUDIT_KEY or its file).
 * Prints one readable line and the same answer as the API; the caller exits 1 on a break.
 */
import { openDatabase } from "@portfolio/core/data";
import type { AuditVerifyAnswer } from "@portfolio/core/domain";
import { loadAuditKey, parseHead, verifyAuditChain } from "@portfolio/core/services";
import type { ServerConfig } from "../config.ts";

export async function runAuditVerify(
  config: Pick<ServerConfig, "databaseUrl" | "audit">,
  head: string | undefined,
  log: (line: string) => void = (line) => console.log(line),
): Promise<AuditVerifyAnswer> {
  const savedHead = head === undefined ? undefined : parseHead(head);
  if (savedHead === null) throw new Error("--head must be an entry id and its hash, as <id>:<hash>.");
  // Never create a key here: a new key would find every entry broken. The server creates it on its first start.
  const key = loadAuditKey({ ...config.audit, create: false });
  const { db } = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    const answer = await verifyAuditChain(db, key, savedHead);
    log(
      answer.ok
        ? `Audit log intact: ${answer.entries} entries; head ${answer.head ? `${answer.head.id}:${answer.head.hash}` : "(empty)"}.`
        : `Audit log BROKEN at entry ${answer.firstBadId} (after ${answer.entries} good entries): ${answer.reason}`,
    );
    log(JSON.stringify(answer));
    return answer;
  } finally {
    await db.destroy();
  }
}
