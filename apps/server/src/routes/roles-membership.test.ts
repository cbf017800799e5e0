/**
 * Role membership is explicit (docs/security.md, promise 21): a role edit changes exactly the users who
 * are members of that role, never users who merely hold an equal set; two roles may never hold the same
 * set; a dry run says who would change; and changing what a role holds follows the same rule as changing
 * what one user holds.
 */
import { DEFAULT_ROLES, type RolesAnswer, type RoleUpdateAnswer } from "@portfolio/core/domain";
import { createAccount, PASSWORD, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const MODERATOR = [...DEFAULT_ROLES.moderator.permissions];
const ADMIN = [...DEFAULT_ROLES.admin.permissions];

async function permissionsOf(id: string): Promise<string[]> {
  const row = await server.core.db.selectFrom("users").select("permissions").where("id", "=", id).executeTakeFirst();
  return JSON.parse(row?.permissions ?? "[]");
}
async function roles(): Promise<RolesAnswer> {
  return (await accounts.as.owner.get<RolesAnswer>("/api/admin/roles")).body;
}

describe("a role edit changes exactly the role's members", () => {
  it("refuses setting the moderators' set to the users' set, so plain users can never become moderators", async () => {
    const plain = await createAccount(server, "plain1", ["website:view"]);
    const merge = await accounts.as.owner.patch("/api/admin/roles/moderator", { permissions: ["website:view"] });
    expect(merge.status).toBe(400);
    expect(merge.body).toEqual({ error: "The Moderator role would have the same permissions as the User role." });
    await accounts.as.owner.patch("/api/admin/roles/moderator", { permissions: MODERATOR });
    expect(await permissionsOf(plain)).toEqual(["website:view"]);
    expect(await permissionsOf(accounts.ids.user)).toEqual(["website:view"]);
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(MODERATOR);
  });

  it("moving the moderators to another set and back moves only the moderators, not a user who held that set", async () => {
    const other = ["website:view", "projects:view"];
    const lookalike = await createAccount(server, "lookalike", other);
    const away = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/moderator", { permissions: other });
    expect(away.status).toBe(200);
    expect(away.body).toMatchObject({ updatedUsers: 1, usernames: ["moderator1"] });
    const back = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/moderator", {
      permissions: MODERATOR,
    });
    expect(back.body).toMatchObject({ updatedUsers: 1, usernames: ["moderator1"] });
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(MODERATOR);
    expect(await permissionsOf(lookalike)).toEqual(other);
  });

  it("emptying the admin role and restoring it changes only the admins", async () => {
    const empty = await createAccount(server, "nothing1", []);
    const emptied = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/admin", { permissions: [] });
    expect(emptied.body).toMatchObject({ updatedUsers: 1, usernames: ["admin1"] });
    const restored = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/admin", { permissions: ADMIN });
    expect(restored.body).toMatchObject({ updatedUsers: 1, usernames: ["admin1"] });
    expect(await permissionsOf(accounts.ids.admin)).toEqual(ADMIN);
    expect(await permissionsOf(empty)).toEqual([]);
  });

  it("a user saved with exactly a role's permissions becomes a member; a custom set leaves every role", async () => {
    const custom = await createAccount(server, "custom2", ["website:view", "projects:view"]);
    await accounts.as.admin.patch(`/api/admin/users/${custom}`, { username: "custom2", permissions: MODERATOR });
    await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.moderator}`, {
      username: "moderator1",
      permissions: ["website:view", "website:admin:view"],
    });
    const res = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/moderator", {
      permissions: [...MODERATOR, "projects:create"],
    });
    expect(res.body).toMatchObject({ updatedUsers: 1, usernames: ["custom2"] });
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(["website:view", "website:admin:view"]);
  });

  it("a new sign-up is a member of the user role", async () => {
    await server.client().post("/api/signup", { username: "newbie", email: "newbie@example.com", password: PASSWORD });
    const res = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/user", {
      permissions: ["website:view", "projects:view"],
    });
    expect(res.body.usernames).toContain("newbie");
  });
});

describe("identical role sets", () => {
  it("refuses an edit that would give two roles the same permissions, in any order, and changes nothing", async () => {
    const res = await accounts.as.owner.patch("/api/admin/roles/user", {
      permissions: ["users:view", "projects:view", "website:admin:view", "website:view"],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The User role would have the same permissions as the Moderator role." });
    expect((await roles()).user.permissions).toEqual(["website:view"]);
    expect(await permissionsOf(accounts.ids.user)).toEqual(["website:view"]);
  });
});

describe("dry run", () => {
  it("answers who would change, with their usernames, and changes nothing", async () => {
    await createAccount(server, "moderator2", MODERATOR);
    const auditBefore = await server.core.db.selectFrom("audit_log").select("id").execute();
    const next = [...MODERATOR, "projects:create"];
    const res = await accounts.as.owner.patch("/api/admin/roles/moderator", { permissions: next, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updatedUsers: 2, usernames: ["moderator1", "moderator2"], dryRun: true });
    expect((await roles()).moderator.permissions).toEqual(MODERATOR);
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(MODERATOR);
    expect(await server.core.db.selectFrom("audit_log").select("id").execute()).toHaveLength(auditBefore.length);
  });

  it("names at most the first 10 members of a large role, counting them all", async () => {
    for (let n = 2; n <= 14; n += 1) await createAccount(server, `moderator${String(n).padStart(2, "0")}`, MODERATOR);
    const next = [...MODERATOR, "projects:create"];
    const res = await accounts.as.owner.patch<RoleUpdateAnswer>("/api/admin/roles/moderator", {
      permissions: next,
      dryRun: true,
    });
    expect(res.body.updatedUsers).toBe(14);
    expect(res.body.usernames).toEqual([
      "moderator02",
      "moderator03",
      "moderator04",
      "moderator05",
      "moderator06",
      "moderator07",
      "moderator08",
      "moderator09",
      "moderator1",
      "moderator10",
    ]);
  });

  it("the real edit's audit entry names at most 100 members and counts them all", async () => {
    for (let n = 2; n <= 101; n += 1) await createAccount(server, `moderator${String(n).padStart(3, "0")}`, MODERATOR);
    await accounts.as.owner.patch("/api/admin/roles/moderator", { permissions: [...MODERATOR, "projects:create"] });
    const audit = await accounts.as.owner.get<{
      entries: { details: { updatedUsers: number; usernames: string[] } }[];
    }>("/api/admin/audit?kind=role.edit");
    expect(audit.body.entries[0]?.details.updatedUsers).toBe(101);
    expect(audit.body.entries[0]?.details.usernames).toHaveLength(100);
  });

  it("is refused exactly as the real edit would be", async () => {
    const res = await accounts.as.owner.patch("/api/admin/roles/moderator", {
      permissions: ["website:view"],
      dryRun: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The Moderator role would have the same permissions as the User role." });
  });

  it("the real edit also answers the usernames it changed", async () => {
    const res = await accounts.as.owner.patch("/api/admin/roles/user", {
      permissions: ["website:view", "projects:view"],
    });
    expect(res.body).toMatchObject({ updatedUsers: 1, usernames: ["user1"] });
    expect(res.body.dryRun).toBeUndefined();
  });
});

describe("names are for those who may see users", () => {
  /** May edit users and roles, but not list users: learns no member's name nor any address. */
  const BLIND_EDITOR = ["website:view", "website:admin:view", "users:edit", "users:permissions", "projects:view"];
  const NEXT_USER_ROLE = { permissions: ["website:view", "projects:view"] };

  it("a dry run by an editor without users:view counts the members but names none", async () => {
    await createAccount(server, "editor1", BLIND_EDITOR);
    const editor = await server.login("editor1", PASSWORD);
    const res = await editor.patch<RoleUpdateAnswer>("/api/admin/roles/user", { ...NEXT_USER_ROLE, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.updatedUsers).toBe(1);
    expect(res.body).not.toHaveProperty("usernames");
  });

  it("the real edit by that editor names nobody either", async () => {
    await createAccount(server, "editor1", BLIND_EDITOR);
    const editor = await server.login("editor1", PASSWORD);
    const res = await editor.patch<RoleUpdateAnswer>("/api/admin/roles/user", NEXT_USER_ROLE);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("usernames");
    expect(await permissionsOf(accounts.ids.user)).toEqual(NEXT_USER_ROLE.permissions);
  });

  it("a user edit by that editor answers without the e-mail address; the owner's answer has it", async () => {
    await createAccount(server, "editor1", BLIND_EDITOR);
    const editor = await server.login("editor1", PASSWORD);
    const blind = await editor.patch(`/api/admin/users/${accounts.ids.user}`, { isActive: true });
    expect(blind.status).toBe(200);
    expect(blind.body).toMatchObject({ _id: accounts.ids.user, username: "user1", isActive: true });
    expect(blind.body).not.toHaveProperty("email");
    const seen = await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.user}`, { isActive: true });
    expect(seen.body).toMatchObject({ email: "user1@example.com" });
  });
});

describe("one rule for changing permissions, for one user or a whole role", () => {
  it("refuses a role edit by a user without users:permissions, as the user editor does", async () => {
    await createAccount(server, "editonly", ["website:view", "website:admin:view", "users:edit"]);
    const editor = await server.login("editonly", PASSWORD);
    const role = await editor.patch("/api/admin/roles/user", { permissions: ["website:view", "users:edit"] });
    const one = await editor.patch(`/api/admin/users/${accounts.ids.user}`, {
      username: "user1",
      permissions: ["website:view", "users:edit"],
    });
    expect(one.status).toBe(403);
    expect(role.status).toBe(403);
    expect(role.body).toEqual(one.body);
    expect(role.body).toEqual({ error: "You do not have permission to change user permissions." });
    expect((await roles()).user.permissions).toEqual(["website:view"]);
    expect(await permissionsOf(accounts.ids.user)).toEqual(["website:view"]);
  });

  it("refuses granting through a role a permission the editor does not hold, as the user editor does", async () => {
    await createAccount(server, "granter", [
      "website:view",
      "website:admin:view",
      "users:view",
      "users:edit",
      "users:permissions",
    ]);
    const editor = await server.login("granter", PASSWORD);
    const res = await editor.patch("/api/admin/roles/user", { permissions: ["website:view", "projects:delete"] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot grant permissions you do not hold: projects:delete." });
  });
});
