import type { AdminUser, RolesAnswer } from "@portfolio/core/domain";
import { createAccount, PASSWORD, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { outboxMails, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

async function userRow(id: string) {
  return server.core.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}
async function permissionsOf(id: string): Promise<string[]> {
  return JSON.parse((await userRow(id))?.permissions ?? "[]");
}

describe("GET /api/admin/roles", () => {
  it("answers the four roles with name, description and permissions", async () => {
    const res = await accounts.as.moderator.get<RolesAnswer>("/api/admin/roles");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["admin", "moderator", "owner", "user"]);
    expect(res.body.admin).toMatchObject({
      name: "Administrator",
      permissions: expect.arrayContaining(["users:permissions"]),
    });
    expect(res.body.moderator).toMatchObject({
      name: "Moderator",
      permissions: ["website:view", "website:admin:view", "projects:view", "users:view"],
    });
    expect(res.body.owner.permissions).toEqual(["override:owner"]);
  });

  it("refuses a plain user and an anonymous caller", async () => {
    expect((await accounts.as.user.get("/api/admin/roles")).body).toEqual({
      error: "You do not have permission to view the admin panel.",
    });
    expect((await accounts.as.anonymous.get("/api/admin/roles")).status).toBe(401);
  });
});

describe("PATCH /api/admin/roles/{roleKey}", () => {
  it("moves exactly the role's members (not a user holding a near set), and answers updatedUsers", async () => {
    const second = await createAccount(server, "moderator2", [
      "website:view",
      "website:admin:view",
      "projects:view",
      "users:view",
    ]);
    const almost = await createAccount(server, "almostmod", ["website:view", "website:admin:view", "projects:view"]);
    const next = ["website:view", "website:admin:view", "projects:view", "users:view", "projects:create"];
    const res = await accounts.as.admin.patch("/api/admin/roles/moderator", { permissions: next });
    expect(res.status).toBe(200);
    expect(res.body.updatedUsers).toBe(2);
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(next);
    expect(await permissionsOf(second)).toEqual(next);
    expect(await permissionsOf(almost)).toEqual(["website:view", "website:admin:view", "projects:view"]);
    const roles = await accounts.as.admin.get<RolesAnswer>("/api/admin/roles");
    expect(roles.body.moderator.permissions).toEqual(next);
  });

  it("moves its members whatever order their permissions were saved in", async () => {
    await createAccount(server, "shuffled", ["users:view", "projects:view", "website:view", "website:admin:view"]);
    const res = await accounts.as.owner.patch("/api/admin/roles/moderator", {
      permissions: ["website:view", "website:admin:view"],
    });
    expect(res.body.updatedUsers).toBe(2);
  });

  it("never changes the owner role", async () => {
    const res = await accounts.as.owner.patch("/api/admin/roles/owner", { permissions: ["website:view"] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "The owner role cannot be changed." });
  });

  it("lets only the owner change the Administrator role", async () => {
    const admin = await accounts.as.admin.patch("/api/admin/roles/admin", { permissions: ["website:view"] });
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({ error: "Only the owner can change the Administrator role." });
    const owner = await accounts.as.owner.patch("/api/admin/roles/admin", {
      permissions: ["website:view", "website:admin:view"],
    });
    expect(owner.status).toBe(200);
    expect(owner.body.updatedUsers).toBe(1);
  });

  it("refuses granting override:owner through a role", async () => {
    const res = await accounts.as.owner.patch("/api/admin/roles/user", {
      permissions: ["website:view", "override:owner"],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "The override:owner permission cannot be granted." });
  });

  it("refuses a permission change through a role by an editor without users:permissions", async () => {
    const res = await accounts.as.custom.patch("/api/admin/roles/user", {
      permissions: ["website:view", "projects:delete"],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to change user permissions." });
  });

  it("needs users:edit", async () => {
    const res = await accounts.as.moderator.patch("/api/admin/roles/user", { permissions: ["website:view"] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit roles." });
  });

  it("refuses unknown permissions and unknown roles", async () => {
    const bad = await accounts.as.owner.patch("/api/admin/roles/user", { permissions: ["website:view", "made:up"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "permissions contains an unknown permission." });
    const missing = await accounts.as.owner.patch("/api/admin/roles/guest", { permissions: [] });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Role not found." });
  });
});

describe("GET /api/admin/users", () => {
  it("answers users sorted by rank then username, without secrets", async () => {
    await createAccount(server, "aardvark", ["website:view"]);
    const res = await accounts.as.moderator.get<{ users: AdminUser[] }>("/api/admin/users");
    expect(res.status).toBe(200);
    // custom1 holds every moderator permission plus more, so it ranks as a moderator.
    expect(res.body.users.map((u) => u.username)).toEqual([
      "owner",
      "admin1",
      "custom1",
      "moderator1",
      "aardvark",
      "user1",
    ]);
    expect(Object.keys(res.body.users[0] ?? {}).sort()).toEqual([
      "_id",
      "createdAt",
      "email",
      "isActive",
      "permissions",
      "roleKey",
      "username",
    ]);
    expect(res.text).not.toMatch(/\$2[aby]\$/);
  });

  it("needs users:view", async () => {
    const res = await accounts.as.user.get("/api/admin/users");
    expect(res.status).toBe(403);
  });
});

describe("PATCH /api/admin/users/{id}", () => {
  it("edits username and permissions for an admin", async () => {
    const res = await accounts.as.admin.patch<AdminUser>(`/api/admin/users/${accounts.ids.user}`, {
      username: "renamed",
      permissions: ["website:view", "projects:view"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "renamed", permissions: ["website:view", "projects:view"] });
  });

  it("activates an inactive user with isActive true", async () => {
    const pending = await createAccount(server, "pending", ["website:view"], false);
    const res = await accounts.as.custom.patch<AdminUser>(`/api/admin/users/${pending}`, { isActive: true });
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(true);
    await server.login("pending", PASSWORD);
  });

  it("deactivating a user ends all their sessions", async () => {
    const res = await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.user}`, { isActive: false });
    expect(res.status).toBe(200);
    expect((await accounts.as.user.get("/api/me")).status).toBe(401);
  });

  it("applies a permission change on the user's very next request", async () => {
    await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.moderator}`, {
      username: "moderator1",
      permissions: ["website:view"],
    });
    expect((await accounts.as.moderator.get("/api/admin/users")).status).toBe(403);
  });

  it.each([
    ["yourself", "admin", "You cannot edit your own account here."],
    ["the owner", "owner", "You cannot edit the owner."],
  ] as const)("refuses editing %s", async (_label, target, error) => {
    const res = await accounts.as.admin.patch(`/api/admin/users/${accounts.ids[target]}`, {
      username: "x-renamed",
      permissions: ["website:view"],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error });
  });

  it("refuses the owner editing their own account through the admin call", async () => {
    const res = await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.owner}`, {
      username: "owner",
      permissions: ["website:view"],
    });
    expect(res.status).toBe(403);
    expect(await permissionsOf(accounts.ids.owner)).toEqual(["override:owner"]);
  });

  it("refuses granting override:owner, even by the owner", async () => {
    const res = await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.admin}`, {
      username: "admin1",
      permissions: ["override:owner"],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "The override:owner permission cannot be granted." });
  });

  it("refuses granting a permission the editor does not hold", async () => {
    const editor = await createAccount(server, "editor", [
      "website:view",
      "website:admin:view",
      "users:view",
      "users:edit",
      "users:permissions",
    ]);
    expect(editor).toBeTruthy();
    const client = await server.login("editor", PASSWORD);
    const res = await client.patch(`/api/admin/users/${accounts.ids.user}`, {
      username: "user1",
      permissions: ["website:view", "projects:delete"],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot grant permissions you do not hold: projects:delete." });
    expect(await permissionsOf(accounts.ids.user)).toEqual(["website:view"]);
  });

  it("lets users:edit without users:permissions rename but not change permissions", async () => {
    const rename = await accounts.as.custom.patch(`/api/admin/users/${accounts.ids.user}`, {
      username: "user-renamed",
      permissions: ["website:view"],
    });
    expect(rename.status).toBe(200);
    const grant = await accounts.as.custom.patch(`/api/admin/users/${accounts.ids.user}`, {
      username: "user-renamed",
      permissions: ["website:view", "users:view"],
    });
    expect(grant.status).toBe(403);
    expect(grant.body).toEqual({ error: "You do not have permission to change user permissions." });
  });

  it("refuses touching a user who holds permissions the editor lacks", async () => {
    const res = await accounts.as.custom.patch(`/api/admin/users/${accounts.ids.admin}`, { isActive: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot edit a user who holds permissions you do not have." });
  });

  it("needs users:edit", async () => {
    const res = await accounts.as.moderator.patch(`/api/admin/users/${accounts.ids.user}`, { isActive: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit users." });
  });

  it("refuses a taken username with 409 and bad input with 400", async () => {
    const taken = await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.user}`, {
      username: "Moderator1",
      permissions: ["website:view"],
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: "That username is already taken." });
    const bad = await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.user}`, { username: "user1" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "permissions must be a list." });
    const unknown = await accounts.as.admin.patch("/api/admin/users/00000000-0000-4000-8000-000000000000", {
      isActive: true,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("deletes a user and ends their sessions", async () => {
    const res = await accounts.as.admin.delete(`/api/admin/users/${accounts.ids.user}`);
    expect(res.status).toBe(204);
    expect(await userRow(accounts.ids.user)).toBeUndefined();
    expect((await accounts.as.user.get("/api/me")).status).toBe(401);
  });

  it.each([
    ["yourself", "admin", "You cannot delete your own account here."],
    ["the owner", "owner", "You cannot delete the owner."],
  ] as const)("refuses deleting %s", async (_label, target, error) => {
    const res = await accounts.as.admin.delete(`/api/admin/users/${accounts.ids[target]}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error });
  });

  it("never removes the last owner, not even by the owner", async () => {
    const res = await accounts.as.owner.delete(`/api/admin/users/${accounts.ids.owner}`);
    expect(res.status).toBe(403);
    expect(await userRow(accounts.ids.owner)).toBeDefined();
  });

  it("needs users:delete", async () => {
    const res = await accounts.as.custom.delete(`/api/admin/users/${accounts.ids.user}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to delete users." });
  });
});

describe("POST /api/admin/users/{id}/reset-password", () => {
  it("mails a reset link to the user", async () => {
    const res = await accounts.as.admin.post(`/api/admin/users/${accounts.ids.user}/reset-password`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Password reset email sent successfully" });
    const mail = outboxMails(server.outboxDir).at(-1);
    expect(mail?.to).toContain("user1@example.com");
    expect(mail?.link).toContain("/reset-password?token=");
  });

  it("refuses the owner and inactive users", async () => {
    const owner = await accounts.as.admin.post(`/api/admin/users/${accounts.ids.owner}/reset-password`);
    expect(owner.status).toBe(403);
    expect(owner.body).toEqual({ error: "You cannot reset the password of the owner." });
    const pending = await createAccount(server, "pending", ["website:view"], false);
    const inactive = await accounts.as.admin.post(`/api/admin/users/${pending}/reset-password`);
    expect(inactive.status).toBe(403);
    expect(inactive.body).toEqual({ error: "You cannot reset the password of an inactive user." });
  });

  it("needs users:edit", async () => {
    const res = await accounts.as.moderator.post(`/api/admin/users/${accounts.ids.user}/reset-password`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit users." });
  });
});
