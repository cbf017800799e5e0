/**
 * The owner's 'Require a second factor for staff' and staff removing a user's second factors
 * (docs/security.md, promise 30).
 */
import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { codeNow, enableTotp, passwordStep } from "@portfolio/testing/server/second-factor.ts";
import { OWNER, outboxMails, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// docs/security.md, promise 30: where the owner requires it, staff must use a second factor; a lost phone is recoverable.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const MUST_ENROL = { error: "Set up two-factor authentication to use the admin panel." };

async function requireForStaff(on: boolean) {
  const owner = await server.login(OWNER.username, OWNER.password);
  return owner.patch("/api/admin/settings/security", { requireSecondFactorForStaff: on });
}

describe("'Require a second factor for staff'", () => {
  it("is off by default, and only the owner reads and changes it", async () => {
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    const admin = await server.login("admin1", PASSWORD);
    expect((await admin.get("/api/admin/settings/security")).status).toBe(403);
    const refused = await admin.patch("/api/admin/settings/security", { requireSecondFactorForStaff: true });
    expect(refused.body).toEqual({ error: "Only the owner can change the sign-in security settings." });
    const owner = await server.login(OWNER.username, OWNER.password);
    expect((await owner.get("/api/admin/settings/security")).body).toMatchObject({
      requireSecondFactorForStaff: false,
    });
    expect((await requireForStaff(true)).body).toMatchObject({ requireSecondFactorForStaff: true });
    // The owner holds no second factor either, so the requirement now stops the owner too until they set one up.
    expect((await owner.get("/api/admin/settings/security")).body).toEqual(MUST_ENROL);
    const audit = await server.core.db.selectFrom("audit_log").select("action").execute();
    expect(audit.map((r) => r.action)).toContain("settings.security");
  });

  it("tells the owner how many staff who can sign in have no second factor yet, the owner included", async () => {
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    await createAccount(server, "mod1", DEFAULT_ROLES.moderator.permissions);
    await createAccount(server, "reader", DEFAULT_ROLES.user.permissions);
    const owner = await server.login(OWNER.username, OWNER.password);
    expect((await owner.get("/api/admin/settings/security")).body).toEqual({
      requireSecondFactorForStaff: false,
      staffWithoutSecondFactor: 3,
    });
    await enableTotp(server, await server.login("admin1", PASSWORD), PASSWORD);
    expect((await requireForStaff(true)).body).toEqual({
      requireSecondFactorForStaff: true,
      staffWithoutSecondFactor: 2,
    });
  });

  it("lets staff without one sign in, but /api/me says so and every admin operation answers 403", async () => {
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    await requireForStaff(true);
    const admin = await server.login("admin1", PASSWORD);
    expect((await admin.get("/api/me")).body).toMatchObject({ username: "admin1", secondFactorRequired: true });
    for (const path of ["/api/admin/users", "/api/admin/dashboard", "/api/admin/audit", "/api/admin/roles"]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual(MUST_ENROL);
    }
    // Setting one up is open to them.
    expect((await admin.get("/api/account/security")).body).toMatchObject({ secondFactorRequired: true });
  });

  it("opens the admin panel again once the staff member has a second factor", async () => {
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    await requireForStaff(true);
    const admin = await server.login("admin1", PASSWORD);
    await enableTotp(server, admin, PASSWORD);
    expect((await admin.get("/api/me")).body).toMatchObject({ secondFactorRequired: false });
    expect((await admin.get("/api/admin/users")).status).toBe(200);
  });

  it("leaves users who are not staff alone", async () => {
    await createAccount(server, "reader", DEFAULT_ROLES.user.permissions);
    await requireForStaff(true);
    const reader = await server.login("reader", PASSWORD);
    expect((await reader.get("/api/me")).body).toMatchObject({ secondFactorRequired: false });
  });

  it("refuses a staff member's device token the admin operations too", async () => {
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    const admin = await server.login("admin1", PASSWORD);
    const minted = await admin.post<{ token: string }>("/api/sync/tokens", { name: "Laptop", password: PASSWORD });
    await requireForStaff(true);
    const res = await server.client().get("/api/admin/users", { authorization: `Bearer ${minted.body.token}` });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(MUST_ENROL);
  });

  it("is turned off again by the owner only once they have a second factor (a stolen password cannot)", async () => {
    await requireForStaff(true);
    const refused = await requireForStaff(false);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(MUST_ENROL);
    const owner = await server.login(OWNER.username, OWNER.password);
    await enableTotp(server, owner, OWNER.password);
    const turnedOff = await owner.patch("/api/admin/settings/security", { requireSecondFactorForStaff: false });
    expect(turnedOff.status).toBe(200);
  });

  it("refuses staff without one the project and profile calls too, never only the admin panel's", async () => {
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    await requireForStaff(true);
    const admin = await server.login("admin1", PASSWORD);
    const res = await admin.post("/api/projects", { title: "By password alone", description: "d" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(MUST_ENROL);
  });
});

describe("removing a user's second factors (a lost phone)", () => {
  async function lostPhone() {
    const id = await createAccount(server, "ann", DEFAULT_ROLES.moderator.permissions);
    const ann = await server.login("ann", PASSWORD);
    const { secret } = await enableTotp(server, ann, PASSWORD);
    return { id, secret };
  }

  it("is done by staff with users:permissions; the password alone signs in again, audited and mailed", async () => {
    const { id } = await lostPhone();
    const owner = await server.login(OWNER.username, OWNER.password);
    expect((await owner.delete(`/api/admin/users/${id}/second-factors`)).status).toBe(204);
    const login = await server.client().post("/api/login", { username: "ann", password: PASSWORD });
    expect(login.body).toMatchObject({ username: "ann" });
    const audit = await server.core.db.selectFrom("audit_log").select(["action", "target_id"]).execute();
    expect(audit).toContainEqual({ action: "second_factor.removed_by_staff", target_id: id });
    await server.core.mailer.drain();
    const mail = outboxMails(server.outboxDir).findLast((m) => m.to.includes("ann@example.com"));
    expect(mail?.raw).toContain("owner removed the second factors of your account");
  });

  it("is refused to staff without users:permissions", async () => {
    const { id } = await lostPhone();
    await createAccount(server, "helper", ["website:view", "website:admin:view", "users:view", "users:edit"]);
    const helper = await server.login("helper", PASSWORD);
    const res = await helper.delete(`/api/admin/users/${id}/second-factors`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to remove a user's two-factor authentication." });
  });

  it("never touches the owner's", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await enableTotp(server, owner, OWNER.password);
    await createAccount(server, "admin1", DEFAULT_ROLES.admin.permissions);
    const admin = await server.login("admin1", PASSWORD);
    const ownerId = (
      await server.core.db.selectFrom("users").select("id").where("username", "=", "owner").executeTakeFirstOrThrow()
    ).id;
    const res = await admin.delete(`/api/admin/users/${ownerId}/second-factors`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot remove the two-factor authentication of the owner." });
  });

  it("answers 409 for a user who has none", async () => {
    const id = await createAccount(server, "plain", []);
    const owner = await server.login(OWNER.username, OWNER.password);
    const res = await owner.delete(`/api/admin/users/${id}/second-factors`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "This user has no second factor to remove." });
  });

  it("leaves the second step working for a user who still has theirs", async () => {
    const { secret } = await lostPhone();
    const { client } = await passwordStep(server, "ann", PASSWORD);
    expect((await client.post("/api/login/second-factor", { code: codeNow(server, secret) })).status).toBe(200);
  });
});
