import type { Project } from "@portfolio/core/domain";
import { createAccount, PASSWORD, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

interface AuditAnswer {
  entries: { action: string; actorName: string; targetId: string | null; details: Record<string, unknown> }[];
  next: number | null;
}

describe("GET /api/admin/dashboard", () => {
  it("counts projects by status, users by role and state, and lists pending sign-ups", async () => {
    await createAccount(server, "pending1", ["website:view"], false);
    const res = await accounts.as.admin.get("/api/admin/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      projects: { total: 14, latest: 1, active: 11, archived: 2 },
      users: {
        total: 6,
        active: 5,
        inactive: 1,
        pending: 1,
        deactivated: 0,
        byRole: { owner: 1, admin: 1, moderator: 2, user: 2 },
        pendingActivations: [
          {
            _id: expect.any(String),
            username: "pending1",
            email: "pending1@example.com",
            permissions: ["website:view"],
            createdAt: expect.any(String),
          },
        ],
      },
      daily: expect.any(Array),
    });
  });

  it("leaves out user figures for someone without users:view", async () => {
    await createAccount(server, "viewer", ["website:view", "website:admin:view", "projects:view"]);
    const viewer = await server.login("viewer", PASSWORD);
    const res = await viewer.get("/api/admin/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("users");
  });

  it("needs website:admin:view", async () => {
    expect((await accounts.as.user.get("/api/admin/dashboard")).status).toBe(403);
  });
});

describe("GET /api/admin/audit", () => {
  async function audit(query = "") {
    return (await accounts.as.owner.get<AuditAnswer>(`/api/admin/audit${query}`)).body;
  }

  it("records each kind of admin action with who, what and the before/after of changed fields", async () => {
    const created = (await accounts.as.admin.post<Project>("/api/projects", { title: "Audit Me", description: "D" }))
      .body;
    await accounts.as.admin.patch(`/api/projects/${created._id}`, { title: "Audited" });
    await accounts.as.admin.delete(`/api/projects/${created._id}`);
    const pending = await createAccount(server, "pending2", ["website:view"], false);
    await accounts.as.admin.patch(`/api/admin/users/${pending}`, { isActive: true });
    await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.user}`, {
      username: "user1",
      permissions: ["website:view", "projects:view"],
    });
    await accounts.as.admin.post(`/api/admin/users/${accounts.ids.custom}/reset-password`);
    await accounts.as.admin.delete(`/api/admin/users/${pending}`);
    await accounts.as.owner.patch("/api/admin/roles/moderator", {
      permissions: ["website:view", "website:admin:view"],
    });
    const { entries } = await audit();
    const byAction = (action: string) => entries.find((e) => e.action === action);

    expect(byAction("project.create")).toMatchObject({
      actorName: "admin1",
      targetId: created._id,
      details: { after: { title: "Audit Me" } },
    });
    expect(byAction("project.edit")?.details).toMatchObject({
      before: { title: "Audit Me" },
      after: { title: "Audited" },
    });
    expect(byAction("project.delete")?.details).toMatchObject({ before: { title: "Audited" } });
    expect(byAction("user.activate")?.details).toMatchObject({
      before: { isActive: false },
      after: { isActive: true },
    });
    expect(byAction("user.edit")?.details).toMatchObject({
      before: { permissions: ["website:view"] },
      after: { permissions: ["website:view", "projects:view"] },
    });
    expect(byAction("user.password_reset_requested")).toMatchObject({
      actorName: "admin1",
      targetId: accounts.ids.custom,
    });
    expect(byAction("user.delete")?.details).toMatchObject({ before: { username: "pending2" } });
    expect(byAction("role.edit")?.details).toMatchObject({ updatedUsers: 1 });
  });

  it("records whom an e-mailed link went to, and that a sign-up asked for it", async () => {
    await server
      .client()
      .post("/api/signup", { username: "newcomer", email: "newcomer@example.com", password: PASSWORD });
    await accounts.as.admin.post(`/api/admin/users/${accounts.ids.custom}/reset-password`);
    const issued = (await audit("?kind=token.issued")).entries;
    expect(issued.map((e) => [e.actorName, e.details])).toEqual([
      ["admin1", { kind: "reset", username: "custom1" }],
      ["anonymous", { kind: "activation", reason: "signup", username: "newcomer" }],
    ]);
  });

  it("records settings changes with before and after", async () => {
    const profile = (await server.client().get("/api/settings/profile")).body;
    await accounts.as.owner.patch("/api/admin/settings/profile", { ...profile, ownerName: "New Name" });
    const entry = (await audit("?kind=settings")).entries[0];
    expect(entry).toMatchObject({
      action: "settings.edit",
      actorName: "owner",
      details: { before: { ownerName: "Alex Morgan" }, after: { ownerName: "New Name" } },
    });
  });

  it("shows newest first and filters by actor and by kind", async () => {
    await accounts.as.admin.post("/api/projects", { title: "First", description: "D" });
    await accounts.as.owner.post("/api/projects", { title: "Second", description: "D" });
    const projects = (await audit("?kind=project")).entries;
    expect(projects.map((e) => e.details.after && (e.details.after as { title: string }).title)).toEqual([
      "Second",
      "First",
    ]);
    expect((await audit("?kind=project&actor=admin1")).entries).toHaveLength(1);
    expect((await audit("?kind=project.create")).entries).toHaveLength(2);
  });

  it("pages with next", async () => {
    const first = await audit("?limit=2");
    expect(first.entries).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await audit(`?limit=2&before=${first.next}`);
    const all = await audit("?limit=4");
    expect([...first.entries, ...second.entries]).toEqual(all.entries);
  });

  it("refuses a bad filter and callers without users:view", async () => {
    const bad = await accounts.as.owner.get("/api/admin/audit?limit=500");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "limit must be 1 to 200." });
    const denied = await accounts.as.user.get("/api/admin/audit");
    expect(denied.status).toBe(403);
  });
});

describe("POST /api/account/password", () => {
  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    const other = await server.login("user1", PASSWORD);
    const res = await accounts.as.user.post("/api/account/password", {
      currentPassword: PASSWORD,
      newPassword: "changed-pass-1",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Password changed. Your other sessions have been logged out." });
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await accounts.as.user.get("/api/me")).status).toBe(200);
    await server.login("user1", "changed-pass-1");
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const res = await accounts.as.user.post("/api/account/password", {
      currentPassword: "wrong",
      newPassword: "changed-pass-1",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The current password is not correct." });
    await server.login("user1", PASSWORD);
  });
});
