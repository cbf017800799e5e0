import {
  OWNER,
  outboxMails,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const newUser = { username: "visitor1", email: "visitor1@example.com", password: "secret-pass" };

async function signUpAndReadLink(user = newUser) {
  const res = await server.client().post("/api/signup", user);
  expect(res.status).toBe(201);
  await server.core.mailer.drain();
  const mail = outboxMails(server.outboxDir).at(-1);
  expect(mail?.to).toContain(user.email);
  return mail?.link ?? "";
}

describe("GET /api/hello", () => {
  it("answers a greeting message", async () => {
    const res = await server.client().get("/api/hello");
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect(String(res.body.message).length).toBeGreaterThan(0);
  });
});

describe("login, me and logout", () => {
  it("logs the owner in and answers _id, username and permissions", async () => {
    const client = server.client();
    const res = await client.post("/api/login", { username: OWNER.username, password: OWNER.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: expect.any(String), username: "owner", permissions: ["override:owner"] });
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...res.body, secondFactorRequired: false });
  });

  it("accepts the username in any letter case", async () => {
    const res = await server.client().post("/api/login", { username: "OWNER", password: OWNER.password });
    expect(res.status).toBe(200);
  });

  it("answers 401 on /api/me when logged out", async () => {
    const res = await server.client().get("/api/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "You must be logged in." });
  });

  it("refuses a wrong password with the generic message", async () => {
    const res = await server.client().post("/api/login", { username: OWNER.username, password: "wrong-password" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Invalid username or password." });
  });

  it("gives an unknown username the same answer as a wrong password", async () => {
    const res = await server.client().post("/api/login", { username: "nobody-here", password: "wrong-password" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Invalid username or password." });
  });

  it("requires both username and password", async () => {
    const res = await server.client().post("/api/login", { username: "owner" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Please enter both username and password." });
  });

  it("ends the session on the server at logout", async () => {
    const client = await server.login(OWNER.username, OWNER.password);
    const token = client.cookies.get("session") ?? "";
    expect((await client.post("/api/logout")).status).toBe(204);
    expect(client.cookies.has("session")).toBe(false);
    // Replaying the old cookie does not work: the record is gone.
    client.cookies.set("session", token);
    expect((await client.get("/api/me")).status).toBe(401);
    expect(await server.core.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });
});

describe("sign-up, activation and the activation mail", () => {
  it("creates an inactive user with the user role and mails an activation link", async () => {
    const link = await signUpAndReadLink();
    expect(link).toMatch(new RegExp(`^${server.url}/activate-account\\?token=[A-Za-z0-9_-]{43}$`));
    const row = await server.core.db
      .selectFrom("users")
      .selectAll()
      .where("username", "=", "visitor1")
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    expect(JSON.parse(row.permissions)).toEqual(["website:view"]);
  });

  it("tells an inactive user to activate instead of logging in", async () => {
    await signUpAndReadLink();
    const res = await server.client().post("/api/login", { username: newUser.username, password: newUser.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "Your account is not activated yet. Please check your email for the activation link.",
    });
  });

  it("runs the whole loop: sign-up, mail, activation, login, logout", async () => {
    const link = await signUpAndReadLink();
    const activation = await server.client().post("/api/activate-account", { token: tokenFromLink(link) });
    expect(activation.status).toBe(200);
    expect(activation.body).toEqual({ message: "Account activated successfully! You can now log in." });
    const client = await server.login(newUser.username, newUser.password);
    expect((await client.get("/api/me")).body).toMatchObject({ username: "visitor1", permissions: ["website:view"] });
    expect((await client.post("/api/logout")).status).toBe(204);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("uses an activation token only once", async () => {
    const token = tokenFromLink(await signUpAndReadLink());
    expect((await server.client().post("/api/activate-account", { token })).status).toBe(200);
    const again = await server.client().post("/api/activate-account", { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "This link is invalid or has already been used. Please request a new one." });
  });

  it("refuses an activation token after 48 hours", async () => {
    const token = tokenFromLink(await signUpAndReadLink());
    server.clock.advance(48 * 60 * 60 * 1000 + 1000);
    const res = await server.client().post("/api/activate-account", { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "This link has expired. Please request a new one." });
  });

  it("accepts an activation token just before 48 hours", async () => {
    const token = tokenFromLink(await signUpAndReadLink());
    server.clock.advance(47 * 60 * 60 * 1000);
    expect((await server.client().post("/api/activate-account", { token })).status).toBe(200);
  });

  it("refuses an unknown token and a missing token", async () => {
    const unknown = await server.client().post("/api/activate-account", { token: "not-a-real-token" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: "This link is invalid or has already been used. Please request a new one." });
    const missing = await server.client().post("/api/activate-account", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: "Token is required." });
  });

  it("names the field of a bad sign-up", async () => {
    const client = server.client();
    expect((await client.post("/api/signup", { ...newUser, email: "not-an-email" })).body).toEqual({
      error: "Email must be a valid email address.",
    });
    expect((await client.post("/api/signup", { ...newUser, password: "12345" })).body).toEqual({
      error: "Password must be at least 6 characters long.",
    });
    expect((await client.post("/api/signup", { ...newUser, username: "x" })).body).toEqual({
      error: "Username must be 3 to 32 characters long.",
    });
    expect((await client.post("/api/signup", { email: newUser.email, password: newUser.password })).body).toEqual({
      error: "Username is required.",
    });
    expect(await server.core.db.selectFrom("users").select("id").execute()).toHaveLength(1);
  });

  it("refuses a password longer than bcrypt's 72 bytes", async () => {
    const res = await server.client().post("/api/signup", { ...newUser, password: "é".repeat(37) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Password must be at most 72 bytes long." });
  });

  it("answers a taken e-mail exactly like a new one, and mails the address's owner instead", async () => {
    const fresh = await server.client().post("/api/signup", newUser);
    const taken = await server.client().post("/api/signup", { ...newUser, username: "someone-else" });
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);
    await server.core.mailer.drain();
    expect(outboxMails(server.outboxDir).at(-1)?.subject).toBe("You already have an account");
    expect(await server.core.db.selectFrom("users").select("id").execute()).toHaveLength(2);
  });

  it("answers a taken username exactly like a new one", async () => {
    const fresh = await server.client().post("/api/signup", newUser);
    const taken = await server
      .client()
      .post("/api/signup", { ...newUser, username: "VISITOR1", email: "other@example.com" });
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);
    await server.core.mailer.drain();
    expect(outboxMails(server.outboxDir).at(-1)).toMatchObject({
      to: "other@example.com",
      subject: "Choose another username",
    });
  });
});

describe("forgot and reset password", () => {
  async function activeUser() {
    const token = tokenFromLink(await signUpAndReadLink());
    await server.client().post("/api/activate-account", { token });
  }

  it("answers the same whether or not the e-mail exists", async () => {
    await activeUser();
    const known = await server.client().post("/api/forgot-password", { email: newUser.email });
    const unknown = await server.client().post("/api/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.body).toEqual({ message: "If an account uses this address, we have sent a link." });
  });

  it("mails a reset link only when the address has an account", async () => {
    await activeUser();
    await server.core.mailer.drain();
    const before = outboxMails(server.outboxDir).length;
    await server.client().post("/api/forgot-password", { email: "nobody@example.com" });
    await server.core.mailer.drain();
    expect(outboxMails(server.outboxDir)).toHaveLength(before);
    await server.client().post("/api/forgot-password", { email: "VISITOR1@example.com" });
    await server.core.mailer.drain();
    const mail = outboxMails(server.outboxDir).at(-1);
    expect(mail?.link).toMatch(new RegExp(`^${server.url}/reset-password\\?token=`));
  });

  it("requires the e-mail", async () => {
    const res = await server.client().post("/api/forgot-password", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Please enter your email address." });
  });

  it("resets the password through the mailed link, once, and ends every session", async () => {
    await activeUser();
    const loggedIn = await server.login(newUser.username, newUser.password);
    await server.client().post("/api/forgot-password", { email: newUser.email });
    await server.core.mailer.drain();
    const token = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    const reset = await server.client().post("/api/reset-password", { token, newPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: "Password reset successfully! Redirecting to login..." });
    expect((await loggedIn.get("/api/me")).status).toBe(401);
    expect(
      (await server.client().post("/api/login", { username: newUser.username, password: newUser.password })).status,
    ).toBe(401);
    await server.login(newUser.username, "brand-new-pass");
    const replay = await server.client().post("/api/reset-password", { token, newPassword: "another-pass" });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: "This link is invalid or has already been used. Please request a new one." });
  });

  it("refuses a reset token after 1 hour", async () => {
    await activeUser();
    await server.client().post("/api/forgot-password", { email: newUser.email });
    await server.core.mailer.drain();
    const token = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    server.clock.advance(60 * 60 * 1000 + 1000);
    const res = await server.client().post("/api/reset-password", { token, newPassword: "brand-new-pass" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "This link has expired. Please request a new one." });
  });

  it("refuses a short new password and keeps the token usable", async () => {
    await activeUser();
    await server.client().post("/api/forgot-password", { email: newUser.email });
    await server.core.mailer.drain();
    const token = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    const short = await server.client().post("/api/reset-password", { token, newPassword: "12345" });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: "Password must be at least 6 characters long." });
    expect((await server.client().post("/api/reset-password", { token, newPassword: "123456" })).status).toBe(200);
  });

  it("does not let an activation token reset a password", async () => {
    const token = tokenFromLink(await signUpAndReadLink());
    const res = await server.client().post("/api/reset-password", { token, newPassword: "brand-new-pass" });
    expect(res.status).toBe(400);
  });
});

describe("checking a reset link", () => {
  async function mailedResetToken() {
    const activation = tokenFromLink(await signUpAndReadLink());
    await server.client().post("/api/activate-account", { token: activation });
    await server.client().post("/api/forgot-password", { email: newUser.email });
    await server.core.mailer.drain();
    return tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
  }

  it("says a fresh link can be used, and leaves it usable", async () => {
    const token = await mailedResetToken();
    const check = await server.client().post("/api/reset-password/check", { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ message: "This reset link can be used." });
    const reset = await server.client().post("/api/reset-password", { token, newPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);
  });

  it("says a used link is used", async () => {
    const token = await mailedResetToken();
    await server.client().post("/api/reset-password", { token, newPassword: "brand-new-pass" });
    const check = await server.client().post("/api/reset-password/check", { token });
    expect(check.status).toBe(400);
    expect(check.body).toEqual({ error: "This link is invalid or has already been used. Please request a new one." });
  });

  it("says an expired link has expired", async () => {
    const token = await mailedResetToken();
    server.clock.advance(60 * 60 * 1000 + 1000);
    const check = await server.client().post("/api/reset-password/check", { token });
    expect(check.status).toBe(400);
    expect(check.body).toEqual({ error: "This link has expired. Please request a new one." });
  });

  it("does not accept an activation link as a reset link", async () => {
    const token = tokenFromLink(await signUpAndReadLink());
    const check = await server.client().post("/api/reset-password/check", { token });
    expect(check.status).toBe(400);
    expect(check.body).toEqual({ error: "This link is invalid or has already been used. Please request a new one." });
  });

  it("is rate limited per IP like forgot-password", async () => {
    const limited = await startTestServer({ rateLimits: { forgotPerIp: 2 } });
    try {
      const ask = () => limited.client().post("/api/reset-password/check", { token: "an-unknown-token" });
      expect((await ask()).status).toBe(400);
      expect((await ask()).status).toBe(400);
      const third = await ask();
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ error: "Too many requests. Please wait a few minutes and try again." });
    } finally {
      await limited.close();
    }
  });
});

describe("own sessions", () => {
  it("lists the caller's sessions and ends another one", async () => {
    const first = await server.login(OWNER.username, OWNER.password);
    const second = await server.login(OWNER.username, OWNER.password);
    const list = await second.get<{ sessions: { id: string; current: boolean }[] }>("/api/sessions");
    expect(list.body.sessions).toHaveLength(2);
    const other = list.body.sessions.find((s) => !s.current);
    expect((await second.delete(`/api/sessions/${other?.id}`)).status).toBe(204);
    expect((await first.get("/api/me")).status).toBe(401);
    expect((await second.get("/api/me")).status).toBe(200);
  });
});
