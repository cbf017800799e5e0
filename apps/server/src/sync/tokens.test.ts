/** Device tokens over HTTP: lifecycle, Bearer authentication, and what a token may and may not call. */

import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { createAccount, PASSWORD, type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { connectDevice, DeviceClient } from "@portfolio/testing/server/device-client.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { OWNER, outboxMails, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started), { once: true });

describe("device token lifecycle", () => {
  it("is created (201, shown once), listed without the token, used, then revoked (204) and refused (401)", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const created = await web.post<{ id: string; name: string; token: string; createdAt: string }>("/api/sync/tokens", {
      name: "Studio PC",
      password: OWNER.password,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "Studio PC",
      token: expect.stringMatching(/^pdt_[\w-]{43}$/),
      createdAt: expect.any(String),
    });
    const device = new DeviceClient(server.url, created.body.token);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(200);

    const listed = await web.get("/api/sync/tokens");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      tokens: [
        {
          id: created.body.id,
          name: "Studio PC",
          createdAt: created.body.createdAt,
          lastUsedAt: expect.any(String),
          expiresAt: expect.any(String),
        },
      ],
    });
    expect(listed.text).not.toContain(created.body.token);

    const revoked = await web.delete(`/api/sync/tokens/${created.body.id}`);
    expect(revoked.status).toBe(204);
    const refused = await device.call("GET", "/api/sync/pull");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "You must be logged in." });
    expect((await web.get("/api/sync/tokens")).body).toEqual({ tokens: [] });
    const audit = await web.get<{ entries: { action: string; details: unknown }[] }>("/api/admin/audit?kind=token");
    expect(audit.body.entries.map((e) => [e.action, e.details])).toEqual([
      ["token.revoked", { kind: "device", name: "Studio PC" }],
      ["token.issued", { kind: "device", name: "Studio PC" }],
    ]);
    expect(audit.text).not.toContain(created.body.token);
  });

  it("is refused to users who may not open the admin panel", async () => {
    const { as } = accounts;
    const res = await as.user.post("/api/sync/tokens", { name: "Mine", password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to view the admin panel." });
    const anonymous = await as.anonymous.post("/api/sync/tokens", { name: "Mine", password: PASSWORD });
    expect(anonymous.status).toBe(401);
  });

  it("needs a name, and says so", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const res = await web.post("/api/sync/tokens", { password: OWNER.password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Name is required." });
  });
});

// docs/security.md, promise 26: a device token is a session of a device.
describe("a device token follows the rules of a session", () => {
  it("is minted only with the password asked again: a session cookie alone mints nothing", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const without = await web.post("/api/sync/tokens", { name: "Stolen cookie" });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ error: "Password is required." });
    const wrong = await web.post("/api/sync/tokens", { name: "Stolen cookie", password: "a-guess-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: "The password is not correct." });
    const names = (await web.get<{ tokens: { name: string }[] }>("/api/sync/tokens")).body.tokens.map((t) => t.name);
    expect(names).not.toContain("Stolen cookie");
  });

  it("limits guesses at the password per signed-in user (429 with its own message)", async () => {
    const own = await startTestServer({ rateLimits: { passwordConfirmPerUser: 3 } });
    try {
      const web = await own.login(OWNER.username, OWNER.password);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await web.post("/api/sync/tokens", { name: "Guess", password: `guess-${i}` })).status);
      const limited = await web.post("/api/sync/tokens", { name: "Right", password: OWNER.password });
      expect(statuses).toEqual([400, 400, 400]);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: "Too many wrong passwords. Please wait a few minutes and try again." });
    } finally {
      await own.close();
    }
  });

  it("ends with a password change (the desktop signs in again)", async () => {
    const username = await freshStaff("changer");
    const { web, device } = await connectDevice(server, username, PASSWORD);
    const changed = await web.post("/api/account/password", {
      currentPassword: PASSWORD,
      newPassword: "changed-pass-1",
    });
    expect(changed.status).toBe(200);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
  });

  it("ends with a password reset through the mailed link", async () => {
    const username = await freshStaff("resetter");
    const { device } = await connectDevice(server, username, PASSWORD);
    await server.client().post("/api/forgot-password", { email: `${username}@example.com` });
    await server.core.mailer.drain();
    const link = outboxMails(server.outboxDir).findLast((m) => m.to === `${username}@example.com`)?.link ?? "";
    const token = new URL(link).searchParams.get("token");
    const reset = await server.client().post("/api/reset-password", { token, newPassword: "reset-pass-12" });
    expect(reset.status).toBe(200);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
  });

  it("ends with a deactivation, and a reactivation does not bring it back", async () => {
    const username = await freshStaff("sleeper");
    const id = await userIdOf(username);
    const { device } = await connectDevice(server, username, PASSWORD);
    expect((await accounts.as.owner.patch(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200);
    expect((await accounts.as.owner.patch(`/api/admin/users/${id}`, { isActive: true })).status).toBe(200);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
  });

  it("ends with a deletion", async () => {
    const username = await freshStaff("leaver");
    const { device, tokenId } = await connectDevice(server, username, PASSWORD);
    expect((await accounts.as.owner.delete(`/api/admin/users/${await userIdOf(username)}`)).status).toBe(204);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
    const rows = await server.core.db.selectFrom("device_tokens").select("id").where("id", "=", tokenId).execute();
    expect(rows).toEqual([]);
  });

  it("ends when an edit of the user takes website:admin:view away, and not for other edits", async () => {
    const username = await freshStaff("demoted");
    const id = await userIdOf(username);
    const { device } = await connectDevice(server, username, PASSWORD);
    const moderator = [...DEFAULT_ROLES.moderator.permissions];
    const kept = await accounts.as.owner.patch(`/api/admin/users/${id}`, {
      username,
      permissions: [...moderator, "projects:create"],
    });
    expect(kept.status).toBe(200);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(200);
    const demoted = await accounts.as.owner.patch(`/api/admin/users/${id}`, {
      username,
      permissions: ["website:view"],
    });
    expect(demoted.status).toBe(200);
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
    // Given the permission back, the old token stays ended.
    await accounts.as.owner.patch(`/api/admin/users/${id}`, { username, permissions: moderator });
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
  });

  it("ends for every member of a role whose edit takes website:admin:view away", async () => {
    const own = await startTestServer();
    try {
      const staff = await roleAccounts(own);
      const { device } = await connectDevice(own, "moderator1", PASSWORD);
      const ownerDevice = (await connectDevice(own, OWNER.username, OWNER.password)).device;
      const edit = await staff.as.owner.patch("/api/admin/roles/moderator", {
        permissions: ["website:view", "projects:view"],
      });
      expect(edit.status).toBe(200);
      expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
      expect((await ownerDevice.call("GET", "/api/sync/pull")).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it("stops working after DEVICE_TOKEN_IDLE_DAYS without use", async () => {
    const own = await startTestServer({ env: { DEVICE_TOKEN_IDLE_DAYS: "7" } });
    try {
      const { device, web } = await connectDevice(own, OWNER.username, OWNER.password);
      expect((await device.call("GET", "/api/sync/pull")).status).toBe(200);
      const listed = await web.get<{ tokens: { lastUsedAt: string; expiresAt: string }[] }>("/api/sync/tokens");
      const [token] = listed.body.tokens;
      expect(Date.parse(token?.expiresAt ?? "") - Date.parse(token?.lastUsedAt ?? "")).toBe(7 * 24 * 60 * 60 * 1000);
      own.clock.advance(7 * 24 * 60 * 60 * 1000 - 60_000);
      expect((await device.call("GET", "/api/sync/pull")).status).toBe(200);
      // Used just now: 7 days from this use. Past them, nothing.
      own.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
      expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});

async function freshStaff(prefix: string): Promise<string> {
  const username = `${prefix}${Math.floor(Math.random() * 1e9)}`;
  await createAccount(server, username, [...DEFAULT_ROLES.moderator.permissions]);
  return username;
}

async function userIdOf(username: string): Promise<string> {
  const row = await server.core.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
  return row?.id ?? "";
}

describe("Bearer authentication", () => {
  it("an unknown token is nobody (401), even with a valid session cookie beside it", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const res = await web.request("GET", "/api/sync/pull", undefined, { authorization: "Bearer pdt_unknown" });
    expect(res.status).toBe(401);
    const sessionOnly = await web.get("/api/sync/pull");
    expect(sessionOnly.status).toBe(200);
  });

  it("works without an Origin header (the desktop is not a browser page); a cookie write without one is refused", async () => {
    const { device, web } = await connectDevice(server, OWNER.username, OWNER.password);
    const pushed = await device.push([]);
    expect(pushed.status).toBe(200);
    web.origin = null;
    const cookieWrite = await web.post("/api/sync/push", { clientId: "x", schemaVersion: 1, ops: [] });
    expect(cookieWrite.status).toBe(403);
  });

  it("stops working when its user is deactivated, and follows permission changes at once", async () => {
    const { ids } = accounts;
    const { device } = await connectDevice(server, "admin1", PASSWORD);
    expect((await device.call("GET", "/api/admin/users")).status).toBe(200);
    await server.core.db
      .updateTable("users")
      .set({ permissions: JSON.stringify(["website:view", "website:admin:view"]) })
      .where("id", "=", ids.admin)
      .execute();
    expect((await device.call("GET", "/api/admin/users")).status).toBe(403);
    await server.core.db.updateTable("users").set({ is_active: 0 }).where("id", "=", ids.admin).execute();
    expect((await device.call("GET", "/api/sync/pull")).status).toBe(401);
  });
});

describe("what a device token may call", () => {
  it("gets 403 on logging in, signing up, passwords and minting another token", async () => {
    const { device } = await connectDevice(server, OWNER.username, OWNER.password);
    const calls: [string, string, unknown][] = [
      ["POST", "/api/login", { username: OWNER.username, password: OWNER.password }],
      ["POST", "/api/signup", { username: "newbie", email: "newbie@example.com", password: "newbie-pass-1" }],
      ["POST", "/api/account/password", { currentPassword: OWNER.password, newPassword: "another-pass-1" }],
      ["POST", "/api/forgot-password", { email: OWNER.email }],
      ["POST", "/api/reset-password", { token: "x".repeat(43), newPassword: "another-pass-1" }],
      ["POST", "/api/activate-account", { token: "x".repeat(43) }],
      ["POST", "/api/sync/tokens", { name: "Chain", password: OWNER.password }],
    ];
    for (const [method, path, body] of calls) {
      const res = await device.call(method, path, body);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 403,
        body: { error: "A device token cannot make this call." },
      });
    }
    // Nothing happened: the password still works, no account was made, no token minted.
    await server.login(OWNER.username, OWNER.password);
    const newbie = await server.core.db.selectFrom("users").select("id").where("username", "=", "newbie").execute();
    expect(newbie).toEqual([]);
  });

  it("works on the admin operations its user may call, and only those", async () => {
    const { device } = await connectDevice(server, OWNER.username, OWNER.password, "Owner desk");
    for (const path of [
      "/api/admin/users",
      "/api/admin/roles",
      "/api/admin/dashboard",
      "/api/admin/audit",
      "/api/me",
    ]) {
      expect({ path, status: (await device.call("GET", path)).status }).toEqual({ path, status: 200 });
    }
    const moderator = (await connectDevice(server, "moderator1", PASSWORD, "Mod desk")).device;
    expect((await moderator.call("GET", "/api/admin/dashboard")).status).toBe(200);
    const users = await moderator.call("PATCH", "/api/admin/users/whoever", { isActive: false });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ error: "You do not have permission to edit users." });
  });
});
