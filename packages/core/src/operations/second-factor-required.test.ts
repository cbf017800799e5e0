/**
 * 'Require a second factor for staff' over every operation of the registry (docs/security.md, "password
 * thief"): a staff member signed in with a password alone reaches their own account's security and nothing
 * else, whatever the operation needs. The actor comes from a real session, on both dialects.
 */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Forbidden } from "../domain/errors.ts";
import { type OperationName, operations } from "../domain/operations/index.ts";
import { OPEN_WITHOUT_SECOND_FACTOR } from "../domain/policy/index.ts";
import { SECOND_FACTOR_MESSAGES } from "../domain/second-factor.ts";
import { bootstrap } from "../services/bootstrap.ts";
import type { UserActor } from "../services/context.ts";
import { REQUIRE_STAFF_SETTING } from "../services/second-factor/factors.ts";
import { createSession, resolveSession } from "../services/sessions.service.ts";
import { setSetting } from "../services/settings.service.ts";
import { runOperation } from "./run-operation.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
  await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
});
afterEach(async () => {
  await core.close();
});

/** The owner (who holds every permission) as a session shows them, with the staff requirement on. */
async function ownerWithoutSecondFactor(): Promise<UserActor> {
  await setSetting(core.db, REQUIRE_STAFF_SETTING, true);
  const owner = await core.db.selectFrom("users").select("id").where("username", "=", "boss").executeTakeFirstOrThrow();
  const actor = await resolveSession(core, await createSession(core, core.db, owner.id, "test"));
  if (!actor) throw new Error("the owner's session did not resolve");
  return actor;
}

const names = Object.keys(operations) as OperationName[];
const isOpen = (name: OperationName) => OPEN_WITHOUT_SECOND_FACTOR.includes(operations[name].action);

describe("staff without a second factor while the owner requires one", () => {
  it("are refused every operation but the public ones and their own account's, before the input is read", async () => {
    const actor = await ownerWithoutSecondFactor();
    expect(actor.secondFactorMissing).toBe(true);
    const refused: string[] = [];
    for (const name of names.filter((n) => !isOpen(n))) {
      const outcome = await runOperation({ core, actor, transport: {} }, name, {
        params: {},
        query: {},
        body: undefined,
      }).then(
        () => "ran",
        (error: unknown) => error,
      );
      expect(outcome, name).toBeInstanceOf(Forbidden);
      expect((outcome as Forbidden).message, name).toBe(SECOND_FACTOR_MESSAGES.staffMustEnrol);
      refused.push(name);
    }
    // Among them the ones the earlier rule (admin-panel operations only) left open to a password alone.
    expect(refused).toEqual(
      expect.arrayContaining([
        "projects.create",
        "projects.update",
        "projects.delete",
        "projects.restore",
        "profile.update",
        "profile.restore",
        "twitch.connect",
        "settings.security.update",
      ]),
    );
  });

  it("keep exactly who they are, logging out, setting up a second factor and their own account's security", () => {
    const open = names.filter((n) => operations[n].action !== "public" && isOpen(n));
    expect(open.sort()).toEqual([
      "account.changePassword",
      "account.passkeys.create",
      "account.passkeys.delete",
      "account.passkeys.list",
      "account.passkeys.options",
      "account.recoveryCodes.renew",
      "account.security",
      "account.totp.confirm",
      "account.totp.remove",
      "account.totp.start",
      "auth.me",
      "sessions.end",
      "sessions.endOthers",
      "sessions.list",
    ]);
    expect(operations["auth.logout"].action).toBe("public");
  });
});
