/**
 * Authenticator codes and recovery codes (docs/security.md, promise 30): enrolment, the login's second step, replays,
 * lock-outs and single-use recovery codes. Codes are computed from the secret at the server's clock, which the
 * tests move instead of waiting.
 */

import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { codeNow, enableTotp, passwordStep, STEP_MS } from "@portfolio/testing/server/second-factor.ts";
import { OWNER, outboxMails, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// docs/security.md, promise 30: staff accounts can use a second factor (TOTP with single-use codes, recovery codes, passkeys).
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

async function auditActions(): Promise<string[]> {
  const rows = await server.core.db.selectFrom("audit_log").select("action").orderBy("at").execute();
  return rows.map((row) => row.action);
}

describe("setting up an authenticator app (docs/security.md, promise 30)", () => {
  it("asks for the password again and answers a base32 secret and its otpauth link, not active yet", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const wrong = await owner.post("/api/account/totp", { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: "The password is not correct." });
    const res = await owner.post<{ secret: string; otpauthUrl: string }>("/api/account/totp", {
      password: OWNER.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.otpauthUrl).toBe(
      `otpauth://totp/Portfolio%3Aowner?secret=${res.body.secret}&issuer=Portfolio&algorithm=SHA1&digits=6&period=30`,
    );
    // Not confirmed: the password alone still signs in.
    const login = await server.client().post("/api/login", { username: OWNER.username, password: OWNER.password });
    expect(login.body).toMatchObject({ username: "owner" });
  });

  it("turns on with a first code and answers ten recovery codes, stored hashed", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { body } = await owner.post<{ secret: string }>("/api/account/totp", { password: OWNER.password });
    const wrong = await owner.post("/api/account/totp/confirm", { code: codeNow(server, body.secret, 5 * STEP_MS) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: "That code is not correct. Check the code in your authenticator app and try again.",
    });
    const res = await owner.post<{ recoveryCodes: string[] }>("/api/account/totp/confirm", {
      code: codeNow(server, body.secret),
    });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    const stored = await server.core.db.selectFrom("recovery_codes").select("code_hash").execute();
    expect(stored).toHaveLength(10);
    for (const code of res.body.recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
    expect((await owner.get("/api/account/security")).body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });

  it("stores the secret encrypted when SECOND_FACTOR_KEY is set", async () => {
    await server.close();
    server = await startTestServer({ env: { SECOND_FACTOR_KEY: "a-test-key-of-sixteen-chars" } });
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const row = await server.core.db.selectFrom("user_totp").select("secret").executeTakeFirstOrThrow();
    expect(row.secret.startsWith("v1.")).toBe(true);
    expect(row.secret).not.toContain(secret);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await client.post("/api/login/second-factor", { code: codeNow(server, secret) })).status).toBe(200);
  });

  it("refuses a second set-up while one is on", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await enableTotp(server, owner, OWNER.password);
    const res = await owner.post("/api/account/totp", { password: OWNER.password });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "An authenticator app is already set up. Remove it before setting up another." });
  });

  it("is audited and mailed to the account", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await enableTotp(server, owner, OWNER.password);
    expect(await auditActions()).toContain("second_factor.totp_enabled");
    await server.core.mailer.drain();
    const mail = outboxMails(server.outboxDir).find((m) => m.subject === "Your sign-in security changed");
    expect(mail?.to).toBe(OWNER.email);
    expect(mail?.raw).toContain("An authenticator app was set up as a second factor for your account.");
  });
});

describe("signing in with an authenticator code (docs/security.md, promise 30)", () => {
  it("answers the methods after the password and sets only a short login-step cookie, never a session", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await enableTotp(server, owner, OWNER.password);
    const { client, res } = await passwordStep(server, OWNER.username, OWNER.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ secondFactor: { methods: ["totp", "recovery"] } });
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("session="))).toBe(false);
    expect(cookies.find((c) => c.startsWith("login_step="))).toMatch(/Max-Age=300; .*HttpOnly/);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("signs in with the current code and answers the login answer with the session cookie", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    const res = await client.post("/api/login/second-factor", { code: codeNow(server, secret) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: expect.any(String), username: "owner", permissions: ["override:owner"] });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(true);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("accepts the code of the step before or after (a clock a little off), not older ones", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    server.clock.advance(5 * STEP_MS);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    expect(
      (await client.post("/api/login/second-factor", { code: codeNow(server, secret, -2 * STEP_MS) })).status,
    ).toBe(401);
    expect((await client.post("/api/login/second-factor", { code: codeNow(server, secret, -STEP_MS) })).status).toBe(
      200,
    );
  });

  it("answers a wrong code with a 401 and a clear message", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    const res = await client.post("/api/login/second-factor", { code: codeNow(server, secret, 10 * STEP_MS) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: "That code is not correct. Check the code in your authenticator app and try again.",
    });
  });

  it("never accepts a code twice, not even within its own 30 seconds", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const code = codeNow(server, secret);
    const first = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await first.client.post("/api/login/second-factor", { code })).status).toBe(200);
    const second = await passwordStep(server, OWNER.username, OWNER.password);
    const replay = await second.client.post("/api/login/second-factor", { code });
    expect(replay.status).toBe(401);
    // The next step's code works.
    server.clock.advance(STEP_MS);
    expect((await second.client.post("/api/login/second-factor", { code: codeNow(server, secret) })).status).toBe(200);
  });

  it("refuses the code used to confirm the set-up", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { body } = await owner.post<{ secret: string }>("/api/account/totp", { password: OWNER.password });
    const code = codeNow(server, body.secret);
    await owner.post("/api/account/totp/confirm", { code });
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await client.post("/api/login/second-factor", { code })).status).toBe(401);
  });

  it("ends the login step after 5 wrong codes: the password must be entered again", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    const wrong = codeNow(server, secret, 20 * STEP_MS);
    for (let i = 0; i < 4; i++)
      expect((await client.post("/api/login/second-factor", { code: wrong })).status).toBe(401);
    const fifth = await client.post("/api/login/second-factor", { code: wrong });
    expect(fifth.body).toEqual({ error: "Too many wrong codes. Enter your password again." });
    const right = await client.post("/api/login/second-factor", { code: codeNow(server, secret) });
    expect(right.status).toBe(401);
    expect(right.body).toEqual({ error: "Your sign-in has expired. Enter your password again." });
    expect(await auditActions()).toContain("second_factor.failed");
  });

  it("expires the login step after 5 minutes", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    server.clock.advance(5 * 60_000 + 1_000);
    const res = await client.post("/api/login/second-factor", { code: codeNow(server, secret) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Your sign-in has expired. Enter your password again." });
  });

  it("answers the second step without a password first as expired", async () => {
    const res = await server.client().post("/api/login/second-factor", { code: "123456" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Your sign-in has expired. Enter your password again." });
  });

  it("takes exactly one of a code, a recovery code or a passkey", async () => {
    const res = await server.client().post("/api/login/second-factor", { code: "123456", recoveryCode: "abcde-fghij" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Enter the code from your authenticator app, a recovery code, or use a passkey.",
    });
  });
});

describe("recovery codes (docs/security.md, promise 30)", () => {
  it("sign in once each, are audited and mailed, and are counted down", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { recoveryCodes } = await enableTotp(server, owner, OWNER.password);
    const [code] = recoveryCodes as [string];
    const first = await passwordStep(server, OWNER.username, OWNER.password);
    const res = await first.client.post("/api/login/second-factor", { recoveryCode: code.toUpperCase() });
    expect(res.status).toBe(200);
    const again = await passwordStep(server, OWNER.username, OWNER.password);
    const reused = await again.client.post("/api/login/second-factor", { recoveryCode: code });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ error: "That recovery code is not correct or has already been used." });
    expect(await auditActions()).toContain("second_factor.recovery_code_used");
    expect((await first.client.get("/api/account/security")).body).toMatchObject({ recoveryCodesLeft: 9 });
    await server.core.mailer.drain();
    expect(outboxMails(server.outboxDir).some((m) => m.raw.includes("A recovery code was used to sign in"))).toBe(true);
  });

  it("are replaced by new ones on request; the old ones stop working", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { recoveryCodes } = await enableTotp(server, owner, OWNER.password);
    const renewed = await owner.post<{ recoveryCodes: string[] }>("/api/account/recovery-codes", {
      password: OWNER.password,
    });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await client.post("/api/login/second-factor", { recoveryCode: recoveryCodes[0] })).status).toBe(401);
    expect(
      (await client.post("/api/login/second-factor", { recoveryCode: renewed.body.recoveryCodes[0] })).status,
    ).toBe(200);
  });
});

describe("turning the authenticator app off", () => {
  it("needs the password and a current code; then the password alone signs in again", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const noCode = await owner.request("DELETE", "/api/account/totp", {
      password: OWNER.password,
      code: codeNow(server, secret, 10 * STEP_MS),
    });
    expect(noCode.status).toBe(400);
    const res = await owner.request("DELETE", "/api/account/totp", {
      password: OWNER.password,
      code: codeNow(server, secret),
    });
    expect(res.status).toBe(204);
    const login = await server.client().post("/api/login", { username: OWNER.username, password: OWNER.password });
    expect(login.body).toMatchObject({ username: "owner" });
    expect(await server.core.db.selectFrom("recovery_codes").selectAll().execute()).toEqual([]);
    expect(await auditActions()).toContain("second_factor.totp_removed");
  });
});

describe("minting a desktop device token (docs/security.md, promise 26, 30)", () => {
  it("asks for the second factor too", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const none = await owner.post("/api/sync/tokens", { name: "Laptop", password: OWNER.password });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: "Enter the code from your authenticator app, a recovery code, or use a passkey.",
    });
    const wrong = await owner.post("/api/sync/tokens", {
      name: "Laptop",
      password: OWNER.password,
      code: codeNow(server, secret, 10 * STEP_MS),
    });
    expect(wrong.status).toBe(400);
    const res = await owner.post("/api/sync/tokens", {
      name: "Laptop",
      password: OWNER.password,
      code: codeNow(server, secret),
    });
    expect(res.status).toBe(201);
  });
});

describe("an account without a second factor", () => {
  it("still signs in with the password alone", async () => {
    await createAccount(server, "ann", ["website:view"]);
    const res = await server.client().post("/api/login", { username: "ann", password: PASSWORD });
    expect(res.body).toMatchObject({ username: "ann" });
  });
});
