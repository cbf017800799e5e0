/** Device tokens over HTTP: lifecycle, Bearer authentication, and what a token may and may not call. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, type RoleAccounts, roleAccounts } from "../test/accounts.ts";
import { OWNER, startTestServer, type TestServer } from "../test/test-server.ts";
import { connectDevice, DeviceClient } from "./device-client.ts";

let server: TestServer;
let accounts: RoleAccounts;
beforeAll(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
});
afterAll(async () => {
  await server.close();
});

describe("device token lifecycle", () => {
  it("is created (201, shown once), listed without the token, used, then revoked (204) and refused (401)", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const created = await web.post<{ id: string; name: string; token: string; createdAt: string }>("/api/sync/tokens", {
      name: "Studio PC",
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
        { id: created.body.id, name: "Studio PC", createdAt: created.body.createdAt, lastUsedAt: expect.any(String) },
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
    const res = await as.user.post("/api/sync/tokens", { name: "Mine" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to view the admin panel." });
    const anonymous = await as.anonymous.post("/api/sync/tokens", { name: "Mine" });
    expect(anonymous.status).toBe(401);
  });

  it("needs a name, and says so", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const res = await web.post("/api/sync/tokens", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Name is required." });
  });
});

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
      ["POST", "/api/sync/tokens", { name: "Chain" }],
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
