/**
 * A deactivation by staff holds (docs/security.md, promise 33), on both dialects: it is a state of its own,
 * apart from 'never activated'; no mailed link, earlier token, session or device token brings the account
 * back; only staff allowed to edit the user reactivate it.
 */

import {
  addUser,
  asWeb,
  createSyncFixture,
  type SyncFixture,
  USER_PASSWORD,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../domain/messages.ts";
import { createDeviceToken, resolveDeviceToken } from "../sync/device-tokens.ts";
import { activateAccount, FORGOT_ANSWER, forgotPassword, login, resetPassword, signup } from "./auth.service.ts";
import type { UserActor } from "./context.ts";
import { createSession, resolveSession } from "./sessions.service.ts";
import { issueToken } from "./tokens.service.ts";
import { updateUser } from "./users.service.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

const CLIENT = { userAgent: "test" };
const DEACTIVATED = { kind: "forbidden", message: MESSAGES.accountDeactivated };
const USED_LINK = { kind: "invalid", message: MESSAGES.tokenInvalid };

const setActive = (actor: UserActor, target: UserActor, isActive: boolean) =>
  updateUser(f.core, asWeb(actor), target.id, { isActive });

const loginAs = (user: UserActor) => login(f.core, { username: user.username, password: USER_PASSWORD }, CLIENT);

/** The token of the newest mail's link. */
function lastMailedToken(): string {
  const link = f.core.sent.at(-1)?.link ?? "";
  return new URL(link).searchParams.get("token") ?? "";
}

async function isActive(user: UserActor): Promise<boolean> {
  const row = await f.core.db.selectFrom("users").select("is_active").where("id", "=", user.id).executeTakeFirst();
  return row?.is_active === 1;
}

async function loginRefusals() {
  const rows = await f.core.db.selectFrom("audit_log").selectAll().where("action", "=", "auth.login_refused").execute();
  return rows.map((r) => ({ actor: r.actor_name, target: r.target_id, details: JSON.parse(r.details) as unknown }));
}

describe("logging in", () => {
  it("answers a deactivated account with its own message", async () => {
    await setActive(f.admin, f.moderator, false);
    await expect(loginAs(f.moderator)).rejects.toMatchObject(DEACTIVATED);
  });

  it("still answers 'not activated yet' for an account never activated", async () => {
    const pending = await addUser(f.core, "pending1", ["website:view"], false);
    await expect(loginAs(pending)).rejects.toMatchObject({ kind: "forbidden", message: MESSAGES.accountInactive });
  });

  it("records a refused login in the audit log with its reason, never the password", async () => {
    const pending = await addUser(f.core, "pending1", ["website:view"], false);
    await setActive(f.admin, f.moderator, false);
    await expect(loginAs(f.moderator)).rejects.toThrow();
    await expect(loginAs(pending)).rejects.toThrow();
    expect(await loginRefusals()).toEqual([
      { actor: "anonymous", target: f.moderator.id, details: { username: "moderator1", reason: "deactivated" } },
      { actor: "anonymous", target: pending.id, details: { username: "pending1", reason: "not_activated" } },
    ]);
    const all = JSON.stringify(await f.core.db.selectFrom("audit_log").selectAll().execute());
    expect(all).not.toContain(USER_PASSWORD);
  });

  it("works again once staff with users:edit reactivate the account", async () => {
    await setActive(f.admin, f.moderator, false);
    await setActive(f.admin, f.moderator, true);
    expect(((await loginAs(f.moderator)) as { user: { username: string } }).user.username).toBe("moderator1");
  });
});

describe("only staff allowed to edit the user bring it back", () => {
  it("a user without users:edit cannot reactivate it", async () => {
    const plain = await addUser(f.core, "plain1", ["website:view"]);
    await setActive(f.admin, f.moderator, false);
    await expect(setActive(plain, f.moderator, true)).rejects.toMatchObject({ kind: "forbidden" });
    expect(await isActive(f.moderator)).toBe(false);
  });
});

describe("forgot-password for a deactivated account", () => {
  it("mails nothing and answers as for an unknown address", async () => {
    await setActive(f.admin, f.moderator, false);
    const sentBefore = f.core.sent.length;
    expect(await forgotPassword(f.core, { email: "moderator1@example.com" })).toEqual(FORGOT_ANSWER);
    expect(await forgotPassword(f.core, { email: "nobody@example.com" })).toEqual(FORGOT_ANSWER);
    expect(f.core.sent.length).toBe(sentBefore);
    const tokens = await f.core.db.selectFrom("tokens").select("id").where("user_id", "=", f.moderator.id).execute();
    expect(tokens).toEqual([]);
  });
});

describe("a mailed link issued before the deactivation", () => {
  it("an activation link does not activate the account", async () => {
    await signup(f.core, { username: "newbie", email: "newbie@example.com", password: USER_PASSWORD });
    const token = lastMailedToken();
    const newbie = await f.core.db.selectFrom("users").select("id").where("username", "=", "newbie").executeTakeFirst();
    const target = { ...f.moderator, id: newbie?.id ?? "", username: "newbie" };
    // Staff activate the sign-up from the panel (its link stays unused), then deactivate it.
    await setActive(f.admin, target, true);
    await setActive(f.admin, target, false);
    await expect(activateAccount(f.core, { token })).rejects.toMatchObject(USED_LINK);
    expect(await isActive(target)).toBe(false);
  });

  it("a reset link does not set a password, even after staff reactivated the account", async () => {
    await forgotPassword(f.core, { email: "moderator1@example.com" });
    const token = lastMailedToken();
    await setActive(f.admin, f.moderator, false);
    await expect(resetPassword(f.core, { token, newPassword: "Another-pass-1" })).rejects.toMatchObject(USED_LINK);
    await setActive(f.admin, f.moderator, true);
    await expect(resetPassword(f.core, { token, newPassword: "Another-pass-1" })).rejects.toMatchObject(USED_LINK);
    expect(((await loginAs(f.moderator)) as { user: { username: string } }).user.username).toBe("moderator1");
  });
});

describe("a token issued while the account is deactivated", () => {
  it("an activation token is refused with the deactivated message", async () => {
    await setActive(f.admin, f.moderator, false);
    const token = await issueToken(f.core, f.core.db, "activation", f.moderator.id);
    await expect(activateAccount(f.core, { token })).rejects.toMatchObject(DEACTIVATED);
    expect(await isActive(f.moderator)).toBe(false);
  });

  it("a reset token is refused with the deactivated message", async () => {
    await setActive(f.admin, f.moderator, false);
    const token = await issueToken(f.core, f.core.db, "reset", f.moderator.id);
    await expect(resetPassword(f.core, { token, newPassword: "Another-pass-1" })).rejects.toMatchObject(DEACTIVATED);
  });
});

describe("credentials held before the deactivation", () => {
  it("a session does not resolve, even after staff reactivated the account", async () => {
    const token = await createSession(f.core, f.core.db, f.moderator.id, "browser");
    await setActive(f.admin, f.moderator, false);
    expect(await resolveSession(f.core, token)).toBeNull();
    await setActive(f.admin, f.moderator, true);
    expect(await resolveSession(f.core, token)).toBeNull();
  });

  it("a device token does not resolve, even after staff reactivated the account", async () => {
    const issued = await createDeviceToken(f.core, asWeb(f.moderator), { name: "Laptop", password: USER_PASSWORD });
    await setActive(f.admin, f.moderator, false);
    expect(await resolveDeviceToken(f.core, issued.token)).toBeNull();
    await setActive(f.admin, f.moderator, true);
    expect(await resolveDeviceToken(f.core, issued.token)).toBeNull();
  });
});
