/**
 * Nothing is lost for good, for roles. docs/security.md, promise 32: every role edit keeps the whole role as a
 * version, and a restore follows every rule of a role edit: who may do it, the owner role untouchable,
 * nobody grants what they do not hold, and a dry run that answers who will change before anything does.
 */
// docs/security.md, promise 32
import type {
  AuditLogAnswer,
  AuditVerifyAnswer,
  RoleHistoryAnswer,
  RolesAnswer,
  RoleUpdateAnswer,
} from "@portfolio/core/domain";
import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { createAccount, type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;

const MODERATOR = DEFAULT_ROLES.moderator.permissions;
const WITH_CREATE = [...MODERATOR, "projects:create"];
const WITHOUT_USERS = ["website:view", "website:admin:view", "projects:view"];

beforeEach(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
  await accounts.as.owner.patch("/api/admin/roles/moderator", { permissions: WITH_CREATE });
  await accounts.as.admin.patch("/api/admin/roles/moderator", { permissions: WITHOUT_USERS });
});
afterEach(async () => {
  await server.close();
});

async function history(roleKey = "moderator", query = ""): Promise<RoleHistoryAnswer> {
  const res = await accounts.as.owner.get<RoleHistoryAnswer>(`/api/admin/roles/${roleKey}/history${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function permissionsOf(id: string): Promise<string[]> {
  const row = await server.core.db
    .selectFrom("users")
    .select("permissions")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.permissions) as string[];
}

async function rolePermissions(roleKey: "moderator" | "user"): Promise<string[]> {
  return (await accounts.as.owner.get<RolesAnswer>("/api/admin/roles")).body[roleKey].permissions;
}

describe("GET /api/admin/roles/{roleKey}/history", () => {
  it("lists every version newest first, with who, when and the whole role, back to the role before history", async () => {
    const { items, next } = await history();
    expect(next).toBeNull();
    expect(items.map((i) => [i.version, i.action, i.actor?.username ?? null, i.fields.permissions])).toEqual([
      [3, "edit", "admin1", WITHOUT_USERS],
      [2, "edit", "owner", WITH_CREATE],
      [1, "before-history", null, MODERATOR],
    ]);
    expect(items[0]?.fields).toEqual({
      name: "Moderator",
      description: DEFAULT_ROLES.moderator.description,
      permissions: WITHOUT_USERS,
      color: "blue",
    });
  });

  it("pages back with ?limit= and ?before=, like the audit log", async () => {
    const page = await history("moderator", "?limit=2");
    expect(page.items.map((i) => i.version)).toEqual([3, 2]);
    expect(page.next).toBe(2);
    const rest = await history("moderator", `?limit=2&before=${page.next}`);
    expect(rest.items.map((i) => i.version)).toEqual([1]);
    expect(rest.next).toBeNull();
  });

  it("answers a role never edited as its one version", async () => {
    const { items } = await history("owner");
    expect(items).toMatchObject([{ version: 1, action: "before-history", actor: null }]);
    expect(items[0]?.fields.permissions).toEqual(DEFAULT_ROLES.owner.permissions);
  });

  it("is for whoever may open the role editor, and 404 for an unknown role", async () => {
    expect((await accounts.as.moderator.get("/api/admin/roles/moderator/history")).status).toBe(200);
    const user = await accounts.as.user.get("/api/admin/roles/moderator/history");
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: "You do not have permission to view the admin panel." });
    expect((await accounts.as.anonymous.get("/api/admin/roles/moderator/history")).status).toBe(401);
    const unknown = await accounts.as.owner.get("/api/admin/roles/guest/history");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Role not found." });
  });
});

describe("POST /api/admin/roles/{roleKey}/restore", () => {
  it("sets the role and its members back to a version's permissions, in the history and the audit log", async () => {
    const res = await accounts.as.admin.post<RoleUpdateAnswer>("/api/admin/roles/moderator/restore", { version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updatedUsers: 1, usernames: ["moderator1"], role: { permissions: MODERATOR } });
    expect(await rolePermissions("moderator")).toEqual(MODERATOR);
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(MODERATOR);
    expect((await history("moderator", "?limit=1")).items[0]).toMatchObject({
      version: 4,
      action: "restore",
      actor: { username: "admin1" },
      fields: { permissions: MODERATOR },
    });
    const audit = (await accounts.as.owner.get<AuditLogAnswer>("/api/admin/audit?limit=1")).body.entries[0];
    expect(audit).toMatchObject({
      action: "role.restore",
      actorName: "admin1",
      targetId: "moderator",
      details: {
        restoredVersion: 1,
        before: { permissions: WITHOUT_USERS },
        after: { permissions: MODERATOR },
        updatedUsers: 1,
      },
    });
    expect((await accounts.as.owner.get<AuditVerifyAnswer>("/api/admin/audit/verify")).body).toMatchObject({
      ok: true,
    });
  });

  it("previews who will change with dryRun, changing nothing", async () => {
    const res = await accounts.as.admin.post<RoleUpdateAnswer>("/api/admin/roles/moderator/restore", {
      version: 2,
      dryRun: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updatedUsers: 1,
      usernames: ["moderator1"],
      role: {
        name: "Moderator",
        description: DEFAULT_ROLES.moderator.description,
        permissions: WITH_CREATE,
        color: "blue",
      },
      dryRun: true,
    });
    expect(await rolePermissions("moderator")).toEqual(WITHOUT_USERS);
    expect(await permissionsOf(accounts.ids.moderator)).toEqual(WITHOUT_USERS);
    expect((await history()).items).toHaveLength(3);
  });

  it("never changes the owner role", async () => {
    const res = await accounts.as.owner.post("/api/admin/roles/owner/restore", { version: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "The owner role cannot be changed." });
  });

  it("lets only the owner restore the Administrator role", async () => {
    await accounts.as.owner.patch("/api/admin/roles/admin", {
      permissions: [...DEFAULT_ROLES.admin.permissions].filter((p) => p !== "users:delete"),
    });
    const res = await accounts.as.admin.post("/api/admin/roles/admin/restore", { version: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Only the owner can change the Administrator role." });
    expect((await accounts.as.owner.post("/api/admin/roles/admin/restore", { version: 1 })).status).toBe(200);
  });

  it("refuses a version that grants what the restorer does not hold", async () => {
    await createAccount(server, "granter", [
      "website:view",
      "website:admin:view",
      "users:view",
      "users:edit",
      "users:permissions",
    ]);
    await accounts.as.owner.patch("/api/admin/roles/user", { permissions: ["website:view", "projects:view"] });
    await accounts.as.owner.patch("/api/admin/roles/user", { permissions: ["website:view"] });
    const client = await server.login("granter", "account-pass-1");
    const res = await client.post("/api/admin/roles/user/restore", { version: 2 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot grant permissions you do not hold: projects:view." });
    const dry = await client.post("/api/admin/roles/user/restore", { version: 2, dryRun: true });
    expect(dry.status).toBe(403);
    expect(await rolePermissions("user")).toEqual(["website:view"]);
  });

  it("refuses an editor without users:permissions, and one without users:edit", async () => {
    const custom = await accounts.as.custom.post("/api/admin/roles/moderator/restore", { version: 1 });
    expect(custom.status).toBe(403);
    expect(custom.body).toEqual({ error: "You do not have permission to change user permissions." });
    const moderator = await accounts.as.moderator.post("/api/admin/roles/moderator/restore", { version: 1 });
    expect(moderator.status).toBe(403);
    expect(moderator.body).toEqual({ error: "You do not have permission to edit roles." });
  });

  it("refuses a version that would give the role another role's permissions", async () => {
    await accounts.as.owner.patch("/api/admin/roles/user", { permissions: ["website:view", "projects:view"] });
    await accounts.as.owner.patch("/api/admin/roles/moderator", { permissions: ["website:view"] });
    // The user role's version 1 (website:view alone) is now the moderator's set: refused while they are equal.
    const res = await accounts.as.owner.post("/api/admin/roles/user/restore", { version: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The User role would have the same permissions as the Moderator role." });
  });

  it("answers 404 for a version that was never kept, and for an unknown role", async () => {
    const missing = await accounts.as.owner.post("/api/admin/roles/moderator/restore", { version: 99 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "That version of the role was not found." });
    const unknown = await accounts.as.owner.post("/api/admin/roles/guest/restore", { version: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Role not found." });
  });
});
