/**
 * A login step is used once (docs/security.md, the password thief): two answers arriving together yield one
 * session; a password change or a deactivation ends the steps waiting for a second factor; a recovery-code
 * sign-in is audited as the user who signed in.
 */
import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { codeNow, enableTotp, passwordStep } from "@portfolio/testing/server/second-factor.ts";
import { SoftAuthenticator } from "@portfolio/testing/server/soft-authenticator.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const EXPIRED = "Your sign-in has expired. Enter your password again.";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

async function sessionsProvedBySecondFactor(): Promise<number> {
  const rows = await server.core.db
    .selectFrom("sessions")
    .select("id")
    .where("second_factor_at", "is not", null)
    .execute();
  return rows.length;
}

// Two recovery codes answering one second-factor step together: answers-race.test.ts in core.
describe("two answers to one passkey sign-in arriving together", () => {
  it("yield exactly one session (two answers to one passkey sign-in challenge)", async () => {
    const device = new SoftAuthenticator(server.config.publicUrl);
    const owner = await server.login(OWNER.username, OWNER.password);
    const options = await owner.post<Record<string, unknown>>("/api/account/passkeys/options", {
      password: OWNER.password,
    });
    await owner.post("/api/account/passkeys", { name: "Laptop", response: device.register(options.body) });
    const client = server.client();
    const challenge = await client.post<Record<string, unknown>>("/api/login/passkey/options", {});
    const answers = await Promise.all(
      [device.authenticate(challenge.body), device.authenticate(challenge.body)].map((response) =>
        client.post("/api/login/passkey", { response }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    expect(await sessionsProvedBySecondFactor()).toBe(1);
  });
});

describe("a login step waiting for its second factor", () => {
  it("is ended by a password change: the right code after it is refused", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const thief = await passwordStep(server, OWNER.username, OWNER.password);
    const changed = await owner.post("/api/account/password", {
      currentPassword: OWNER.password,
      newPassword: "a-new-password-1",
    });
    expect(changed.status).toBe(200);
    const res = await thief.client.post("/api/login/second-factor", { code: codeNow(server, secret) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: EXPIRED });
  });

  it("is ended by a deactivation: after the account is reactivated, the step's right code is refused", async () => {
    const id = await createAccount(server, "mod1", DEFAULT_ROLES.moderator.permissions);
    const staff = await server.login("mod1", PASSWORD);
    const { secret } = await enableTotp(server, staff, PASSWORD);
    const thief = await passwordStep(server, "mod1", PASSWORD);
    const owner = await server.login(OWNER.username, OWNER.password);
    expect((await owner.patch(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200);
    expect((await owner.patch(`/api/admin/users/${id}`, { isActive: true })).status).toBe(200);
    const res = await thief.client.post("/api/login/second-factor", { code: codeNow(server, secret) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: EXPIRED });
  });
});

describe("a recovery-code sign-in", () => {
  it("is audited as the user who signed in, not as anonymous", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { recoveryCodes } = await enableTotp(server, owner, OWNER.password);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await client.post("/api/login/second-factor", { recoveryCode: recoveryCodes[0] })).status).toBe(200);
    const me = await client.get<{ _id: string }>("/api/me");
    const entry = await server.core.db
      .selectFrom("audit_log")
      .select(["actor_id", "actor_name"])
      .where("action", "=", "second_factor.recovery_code_used")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_id: me.body._id, actor_name: OWNER.username });
  });
});
