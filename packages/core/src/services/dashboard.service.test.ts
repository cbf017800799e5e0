/**
 * The dashboard at any size, on both dialects: its user counts come from counters moved in the
 * transaction of each change (they always agree with a recount), and its charts from daily counters of
 * sign-ups, activations, logins and content edits over the last 90 days.
 */

import {
  addUser,
  asWeb,
  createSyncFixture,
  type SyncFixture,
  USER_PASSWORD,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ROLES, deriveRole } from "../domain/roles.ts";
import { activateAccount, login, signup } from "./auth.service.ts";
import { dashboardStats } from "./dashboard.service.ts";
import { createProject } from "./projects.service.ts";
import { listRoles, updateRolePermissions } from "./roles.service.ts";
import { acceptInvitation, inviteUser } from "./user-invite.service.ts";
import { deleteUser, updateUser } from "./users.service.ts";
import { parsePermissions } from "./users.table.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

/** What the dashboard showed before counters: every user read and counted. */
async function recount() {
  const rows = await f.core.db.selectFrom("users").selectAll().execute();
  const roles = await listRoles(f.core, f.owner);
  const byRole = { owner: 0, admin: 0, moderator: 0, user: 0 };
  for (const row of rows) byRole[deriveRole(parsePermissions(row.permissions), roles)]++;
  const active = rows.filter((r) => r.is_active === 1).length;
  return { total: rows.length, active, inactive: rows.length - active, byRole };
}

async function shown() {
  const users = (await dashboardStats(f.core, f.owner)).users;
  return { total: users?.total, active: users?.active, inactive: users?.inactive, byRole: users?.byRole };
}

function lastMailedToken(): string {
  return new URL(f.core.sent.at(-1)?.link ?? "").searchParams.get("token") ?? "";
}

describe("the dashboard's user counts", () => {
  it("follow sign-ups, activations, deactivations, permission and role edits and deletions", async () => {
    expect(await shown()).toEqual(await recount());
    await signup(f.core, { username: "newbie", email: "newbie@example.com", password: USER_PASSWORD });
    expect(await shown()).toEqual(await recount());
    await activateAccount(f.core, { token: lastMailedToken() });
    const extra = await addUser(f.core, "extra", ["website:view"]);
    await updateUser(f.core, asWeb(f.owner), extra.id, { isActive: false });
    expect(await shown()).toEqual(await recount());
    await updateUser(f.core, asWeb(f.owner), extra.id, {
      username: "extra",
      permissions: [...DEFAULT_ROLES.moderator.permissions, "projects:edit"],
    });
    expect(await shown()).toEqual(await recount());
    await updateRolePermissions(f.core, f.owner, "moderator", {
      permissions: [...DEFAULT_ROLES.moderator.permissions, "projects:create"],
    });
    expect(await shown()).toEqual(await recount());
    await deleteUser(f.core, asWeb(f.owner), extra.id);
    expect(await shown()).toEqual(await recount());
    expect(await shown()).toEqual({
      total: 4,
      active: 4,
      inactive: 0,
      byRole: { owner: 1, admin: 1, moderator: 1, user: 1 },
    });
  });

  it("follow an invitation and its acceptance", async () => {
    await inviteUser(f.core, asWeb(f.owner), {
      username: "invited",
      email: "invited@example.com",
      permissions: [...DEFAULT_ROLES.moderator.permissions],
    });
    expect(await shown()).toEqual(await recount());
    await acceptInvitation(f.core, { token: lastMailedToken(), password: USER_PASSWORD });
    expect(await shown()).toEqual(await recount());
    expect((await shown()).byRole?.moderator).toBe(2);
  });

  it("tells sign-ups awaiting activation from accounts staff deactivated", async () => {
    await addUser(f.core, "waiting", ["website:view"], false);
    await updateUser(f.core, asWeb(f.owner), f.moderator.id, { isActive: false });
    const users = (await dashboardStats(f.core, f.owner)).users;
    expect(users).toMatchObject({ inactive: 2, pending: 1, deactivated: 1 });
    expect(users?.pendingActivations.map((p) => p.username)).toEqual(["waiting"]);
  });

  it("list the newest 10 sign-ups awaiting activation with what each holds, and count them all", async () => {
    for (let n = 1; n <= 12; n += 1) {
      const user = await addUser(f.core, `waiting${String(n).padStart(2, "0")}`, ["website:view"], false);
      const signedUp = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
      await f.core.db.updateTable("users").set({ created_at: signedUp }).where("id", "=", user.id).execute();
    }
    const users = (await dashboardStats(f.core, f.owner)).users;
    expect(users?.pending).toBe(12);
    expect(users?.pendingActivations.map((p) => p.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `waiting${String(12 - i).padStart(2, "0")}`),
    );
    expect(users?.pendingActivations[0]?.permissions).toEqual(["website:view"]);
  });
});

describe("the dashboard's project counts", () => {
  it("count projects by status as the list shows them, the latest one counted once even when archived", async () => {
    const web = asWeb(f.admin);
    await createProject(f.core, web, { title: "Old", description: "D", isArchived: true });
    await createProject(f.core, web, { title: "Live", description: "D" });
    await createProject(f.core, web, { title: "Newest", description: "D", isLatest: true, isArchived: true });
    expect((await dashboardStats(f.core, f.owner)).projects).toEqual({ total: 3, latest: 1, active: 1, archived: 1 });
  });
});

describe("the dashboard's daily charts", () => {
  it("show 90 days ending today, oldest first, with days without events as zero", async () => {
    f.core.now = () => new Date("2026-03-31T12:00:00.000Z");
    const daily = (await dashboardStats(f.core, f.owner)).daily ?? [];
    expect(daily).toHaveLength(90);
    expect(daily[0]).toEqual({ day: "2026-01-01", signups: 0, activations: 0, logins: 0, edits: 0 });
    expect(daily.at(-1)?.day).toBe("2026-03-31");
  });

  it("count sign-ups, activations, logins and content edits on the day they happen", async () => {
    f.core.now = () => new Date("2026-03-30T23:59:00.000Z");
    await signup(f.core, { username: "newbie", email: "newbie@example.com", password: USER_PASSWORD });
    f.core.now = () => new Date("2026-03-31T00:01:00.000Z");
    await activateAccount(f.core, { token: lastMailedToken() });
    await login(f.core, { username: "newbie", password: USER_PASSWORD }, { userAgent: "test" });
    await login(f.core, { username: "newbie", password: USER_PASSWORD }, { userAgent: "test" });
    await createProject(f.core, asWeb(f.admin), { title: "Counted", description: "An edit." });
    const daily = (await dashboardStats(f.core, f.owner)).daily ?? [];
    expect(daily.slice(-2)).toEqual([
      { day: "2026-03-30", signups: 1, activations: 0, logins: 0, edits: 0 },
      { day: "2026-03-31", signups: 0, activations: 1, logins: 2, edits: 1 },
    ]);
  });

  it("are only for holders of users:view", async () => {
    expect(await dashboardStats(f.core, f.moderator)).toHaveProperty("daily");
    const viewer = await addUser(f.core, "viewer", ["website:view", "website:admin:view", "projects:view"]);
    expect(await dashboardStats(f.core, viewer)).not.toHaveProperty("daily");
  });
});
