/**
 * Second-factor answers sent together (docs/security.md, the password thief), on both dialects: each answer is
 * counted before it is checked, per step and per account, so parallel guesses buy no extra checks; and a step
 * counts only for the answer whose DELETE ended it, so two right answers yield one session. Called on the
 * core directly: the answers interleave at every await, as they would across instances.
 */

import { asWeb, createSyncFixture, type SyncFixture, USER_PASSWORD } from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { login } from "../auth.service.ts";
import { confirmTotp, startTotp } from "./enrolment.service.ts";
import { recoveryCodesLeft } from "./factors.ts";
import { completeSecondFactor } from "./login.service.ts";
import { totpCode } from "./totp.ts";

let f: SyncFixture;
let secret: string;
let recoveryCodes: string[];
beforeEach(async () => {
  f = await createSyncFixture();
  const owner = asWeb(f.owner);
  ({ secret } = await startTotp(f.core, owner, { password: USER_PASSWORD }));
  ({ recoveryCodes } = await confirmTotp(f.core, owner, { code: totpCode(secret, f.core.now()) }));
});
afterEach(async () => {
  await f.close();
});

/** The password: answers the login step's token. */
async function startStep(): Promise<string> {
  const result = await login(f.core, { username: f.owner.username, password: USER_PASSWORD }, { userAgent: "test" });
  if (!("stepToken" in result)) throw new Error("expected a login step");
  return result.stepToken;
}

const answer = (stepToken: string, body: Record<string, string>) =>
  completeSecondFactor(f.core, body, { userAgent: "test", stepToken });
const wrongCode = () => totpCode(secret, new Date(f.core.now().getTime() + 20 * 30_000));

async function checkedAnswers(): Promise<number> {
  const rows = await f.core.db
    .selectFrom("audit_log")
    .select("id")
    .where("action", "=", "second_factor.failed")
    .execute();
  return rows.length;
}

const kinds = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? "session" : (r.reason as { kind?: string }).kind));

describe("wrong codes sent together", () => {
  it("on one step: five are checked, the others are refused unchecked", async () => {
    const step = await startStep();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => answer(step, { code: wrongCode() })));
    expect(kinds(results)).toEqual(Array(8).fill("unauthenticated"));
    expect(await checkedAnswers()).toBe(5);
  });

  it("over three steps of one account: ten are checked, the others are refused with a 429", async () => {
    const steps = [await startStep(), await startStep(), await startStep()];
    const results = await Promise.allSettled(
      steps.flatMap((step) => Array.from({ length: 4 }, () => answer(step, { code: wrongCode() }))),
    );
    expect(kinds(results).filter((kind) => kind === "rate_limited")).toHaveLength(2);
    expect(await checkedAnswers()).toBe(10);
  });
});

describe("two right answers to one step sent together", () => {
  it("yield exactly one session, and the refused answer's recovery code stays unused", async () => {
    const step = await startStep();
    const results = await Promise.allSettled(
      recoveryCodes.slice(0, 2).map((recoveryCode) => answer(step, { recoveryCode })),
    );
    expect(kinds(results).sort()).toEqual(["session", "unauthenticated"]);
    const sessions = await f.core.db.selectFrom("sessions").select("id").execute();
    expect(sessions).toHaveLength(1);
    expect(await recoveryCodesLeft(f.core.db, f.owner.id)).toBe(9);
  });
});
