/**
 * Verification as 'Verify now' and the daily check run it (docs/security.md, the database holder): the walk
 * carries the remembered head (audit-chain-marks.ts), so entries cut off the end since the last verification,
 * or every entry removed, are a break; a whole chain moves the remembered head onto its own head.
 *
 * Verification reads the whole log, so one process runs one walk at a time per question (single flight:
 * callers asking while a walk runs share its answer), and a user starts at most VERIFY_RUNS_PER_WINDOW walks a
 * window: nobody who may read the log can keep a core busy with it.
 */
import type { AuditHead, AuditVerifyAnswer } from "../domain/api-types.ts";
import { DomainError } from "../domain/errors.ts";
import { formatHead, walkAuditChain } from "./audit-chain.ts";
import { advanceVerifiedMark } from "./audit-chain-marks.ts";
import type { Core } from "./context.ts";

export const VERIFY_RUNS_PER_WINDOW = 10;
export const VERIFY_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_VERIFICATIONS =
  "Too many verifications of the audit log. Please wait a few minutes and try again.";

/** Walks the chain with the remembered head (and `savedHead`); a whole chain's head is remembered. */
export async function verifyAndRemember(core: Core, savedHead?: AuditHead): Promise<AuditVerifyAnswer> {
  const walked = await walkAuditChain(core.db, core.config.auditKey, savedHead);
  if (!walked.ok) return walked;
  const { headMark, ...answer } = walked;
  await advanceVerifiedMark(core.db, core.config.auditKey, headMark);
  return answer;
}

const inFlight = new WeakMap<Core, Map<string, Promise<AuditVerifyAnswer>>>();
const started = new WeakMap<Core, Map<string, number[]>>();

/** `verifyAndRemember`, shared with every caller asking the same while it runs. */
export function verifyOnce(core: Core, savedHead?: AuditHead): Promise<AuditVerifyAnswer> {
  let runs = inFlight.get(core);
  if (!runs) {
    runs = new Map();
    inFlight.set(core, runs);
  }
  const question = savedHead ? formatHead(savedHead) : "";
  const running = runs.get(question);
  if (running) return running;
  const run = verifyAndRemember(core, savedHead).finally(() => runs.delete(question));
  runs.set(question, run);
  return run;
}

/**
 * `verifyOnce` for a user: joining a walk already running is free; starting one counts against the user's
 * VERIFY_RUNS_PER_WINDOW (a 429 beyond it). Kept in this process: what it guards is this process's time.
 */
export function verifyForUser(core: Core, userId: string, savedHead?: AuditHead): Promise<AuditVerifyAnswer> {
  const question = savedHead ? formatHead(savedHead) : "";
  if (inFlight.get(core)?.has(question)) return verifyOnce(core, savedHead);
  let byUser = started.get(core);
  if (!byUser) {
    byUser = new Map();
    started.set(core, byUser);
  }
  const now = core.now().getTime();
  const recent = (byUser.get(userId) ?? []).filter((at) => now - at < VERIFY_WINDOW_MS);
  if (recent.length >= VERIFY_RUNS_PER_WINDOW) {
    byUser.set(userId, recent);
    return Promise.reject(new DomainError("rate_limited", TOO_MANY_VERIFICATIONS));
  }
  byUser.set(userId, [...recent, now]);
  return verifyOnce(core, savedHead);
}
