/**
 * Deactivation over HTTP (docs/security.md, promise 33): the owner deactivates a moderator, and no way back works for the
 * moderator: not the login, not forgot-password's mail, not a link mailed before, not an old session or
 * device token. Only staff allowed to edit the user reactivate them.
 */
import { MESSAGES } from "@portfolio/core/domain";
import { PASSWORD, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { DeviceClient } from "@portfolio/testing/server/device-client.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { sentMails, type TestServer, tokenFromLink } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const MODERATOR_EMAIL = "moderator1@example.com";

async function setModeratorActive(isActive: boolean): Promise<void> {
  const res = await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.moderator}`, { isActive });
  expect(res.status).toBe(200);
}

const mails = () => sentMails(server);

async function forgotLinkToken(email: string): Promise<string> {
  expect((await server.client().post("/api/forgot-password", { email })).status).toBe(200);
  return tokenFromLink((await mails()).at(-1)?.link ?? "");
}

const loginAsModerator = () => server.client().post("/api/login", { username: "moderator1", password: PASSWORD });

describe("login of a deactivated account", () => {
  it("answers 403 with the deactivated message", async () => {
    await setModeratorActive(false);
    const res = await loginAsModerator();
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "This account has been deactivated. Contact the site owner." });
  });

  it("is in the audit log as a refused login with the reason", async () => {
    await setModeratorActive(false);
    await loginAsModerator();
    const res = await accounts.as.owner.get<{ entries: { action: string; targetId: string; details: unknown }[] }>(
      "/api/admin/audit?kind=auth.login_refused",
    );
    expect(res.body.entries.map((e) => [e.action, e.targetId, e.details])).toEqual([
      ["auth.login_refused", accounts.ids.moderator, { username: "moderator1", reason: "deactivated" }],
    ]);
  });

  it("works again after the owner reactivates the account", async () => {
    await setModeratorActive(false);
    await setModeratorActive(true);
    expect((await loginAsModerator()).status).toBe(200);
  });

  it("cannot be brought back by staff without users:edit", async () => {
    await setModeratorActive(false);
    const res = await accounts.as.user.patch(`/api/admin/users/${accounts.ids.moderator}`, { isActive: true });
    expect(res.status).toBe(403);
    expect((await loginAsModerator()).status).toBe(403);
  });
});

describe("forgot-password for a deactivated account", () => {
  it("mails nothing and answers exactly as for an unknown address", async () => {
    await setModeratorActive(false);
    const before = (await mails()).length;
    const known = await server.client().post("/api/forgot-password", { email: MODERATOR_EMAIL });
    const unknown = await server.client().post("/api/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(known.text).toBe(unknown.text);
    expect((await mails()).length).toBe(before);
  });
});

describe("a link mailed before the deactivation", () => {
  it("a reset link is refused after it, and after a reactivation", async () => {
    const token = await forgotLinkToken(MODERATOR_EMAIL);
    await setModeratorActive(false);
    const refused = await server.client().post("/api/reset-password", { token, newPassword: "taken-over-1" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: MESSAGES.tokenInvalid });
    await setModeratorActive(true);
    const again = await server.client().post("/api/reset-password", { token, newPassword: "taken-over-1" });
    expect(again.body).toEqual({ error: MESSAGES.tokenInvalid });
    expect((await loginAsModerator()).status).toBe(200);
  });

  it("an activation link does not activate the account", async () => {
    const signup = await server
      .client()
      .post("/api/signup", { username: "newbie", email: "newbie@example.com", password: "newbie-pass-1" });
    expect(signup.status).toBe(201);
    const token = tokenFromLink((await mails()).at(-1)?.link ?? "");
    const { id } = await server.core.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "newbie")
      .executeTakeFirstOrThrow();
    expect((await accounts.as.owner.patch(`/api/admin/users/${id}`, { isActive: true })).status).toBe(200);
    expect((await accounts.as.owner.patch(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200);
    const res = await server.client().post("/api/activate-account", { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MESSAGES.tokenInvalid });
    const login = await server.client().post("/api/login", { username: "newbie", password: "newbie-pass-1" });
    expect(login.body).toEqual({ error: MESSAGES.accountDeactivated });
  });
});

describe("a sign-up staff deactivated before it was ever activated", () => {
  it("its activation link is refused, it gets no new one and it no longer waits for activation", async () => {
    const email = "spammer@example.com";
    const signup = await server.client().post("/api/signup", { username: "spammer", email, password: "spam-pass-1" });
    expect(signup.status).toBe(201);
    const token = tokenFromLink((await mails()).at(-1)?.link ?? "");
    const { id } = await server.core.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "spammer")
      .executeTakeFirstOrThrow();
    expect((await accounts.as.owner.patch(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200);
    const res = await server.client().post("/api/activate-account", { token });
    expect(res.body).toEqual({ error: MESSAGES.tokenInvalid });
    const before = (await mails()).length;
    await server.client().post("/api/forgot-password", { email });
    expect((await mails()).length).toBe(before);
    const dashboard = await accounts.as.owner.get<{ users: { pendingActivations: { username: string }[] } }>(
      "/api/admin/dashboard",
    );
    expect(dashboard.body.users.pendingActivations).toEqual([]);
  });
});

describe("credentials held before the deactivation", () => {
  it("a session answers 401, even after a reactivation", async () => {
    await setModeratorActive(false);
    expect((await accounts.as.moderator.get("/api/me")).status).toBe(401);
    await setModeratorActive(true);
    expect((await accounts.as.moderator.get("/api/me")).status).toBe(401);
  });

  it("a device token answers 401, even after a reactivation", async () => {
    const created = await accounts.as.moderator.post<{ token: string }>("/api/sync/tokens", {
      name: "Mod laptop",
      password: PASSWORD,
    });
    expect(created.status).toBe(201);
    const device = new DeviceClient(server.url, created.body.token);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(200);
    await setModeratorActive(false);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
    await setModeratorActive(true);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
  });
});
