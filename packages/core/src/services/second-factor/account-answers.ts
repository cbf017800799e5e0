/**
 * Second-factor answers counted per account, across addresses and login steps (docs/security.md, the password
 * thief): whoever holds the password can start as many login steps from as many addresses as they like, so
 * only a count kept with the account bounds their guesses. Each answer is counted before it is checked
 * (increment, then check, in one atomic statement), so answers sent in parallel cannot all be checked; a right
 * answer gives its count back, so a user who signs in often is never paused. Past the limit the account's
 * second step is refused until the window ends, the pause is audited and the account is mailed once.
 */
import { countHit, takeBackHit } from "../../data/rate-counts.ts";
import { RateLimited } from "../../domain/errors.ts";
import { SECOND_FACTOR_MESSAGES as M } from "../../domain/second-factor-messages.ts";
import { recordAudit } from "../audit.service.ts";
import type { Actor, Core } from "../context.ts";
import { ACCOUNT_SECURITY_PATH, link } from "../mail/links.ts";
import { secondFactorPausedMail } from "../mail/templates.ts";
import { findUserById } from "../users.table.ts";

/** Answers an account may have checked in one window: a user's own typos stay far below it. */
export const ACCOUNT_ANSWERS_PER_WINDOW = 10;
export const ACCOUNT_ANSWERS_WINDOW_MS = 60 * 60 * 1000;

const COUNTER = "second-factor-account";
const NOTICE = "second-factor-account-notice";

/** An answer that may be checked now. */
export interface ClaimedAnswer {
  /** The answer was right: it does not count against the account. */
  giveBack(): Promise<void>;
}

/** Counts one answer for the account before it is checked; a RateLimited (429) when the account is paused. */
export async function claimAccountAnswer(core: Core, userId: string, actor: Actor): Promise<ClaimedAnswer> {
  const count = await countHit(core.db, COUNTER, userId, ACCOUNT_ANSWERS_WINDOW_MS, core.now().getTime());
  if (count.hits > ACCOUNT_ANSWERS_PER_WINDOW) {
    await noticePause(core, userId, actor, count.resetAt);
    throw new RateLimited(M.accountPaused);
  }
  return { giveBack: () => takeBackHit(core.db, COUNTER, userId, core.now().getTime()) };
}

/** The first refusal of a pause (one mark per pause, counted atomically too) audits it and mails the account. */
async function noticePause(core: Core, userId: string, actor: Actor, resetAt: Date): Promise<void> {
  const row = await findUserById(core.db, userId);
  const first = await core.db.transaction().execute(async (trx) => {
    const mark = await countHit(
      trx,
      NOTICE,
      `${userId}|${resetAt.toISOString()}`,
      Math.max(resetAt.getTime() - core.now().getTime(), 1),
      core.now().getTime(),
    );
    if (mark.hits !== 1) return false;
    await recordAudit(core, trx, actor, {
      action: "second_factor.paused",
      targetType: "user",
      targetId: userId,
      details: { username: row.username, until: resetAt.toISOString() },
    });
    return true;
  });
  if (first) core.mailer.enqueue(secondFactorPausedMail(row.email, row.username, link(core, ACCOUNT_SECURITY_PATH)));
}
