/**
 * What the admin panel shows about accounts that come and go through e-mailed links: the
 * Dashboard's 'Waiting for activation' lists sign-ups never activated, not deactivated users; and an
 * activation or a password reset through a link is attributed in the audit log to the account concerned.
 */

import { createAccount, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { outboxMails, type TestServer, tokenFromLink } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

interface Dashboard {
  users: { inactive: number; pendingActivations: { username: string }[] };
}
interface AuditAnswer {
  entries: { action: string; actorName: string; targetId: string | null }[];
}

async function waitingForActivation(): Promise<string[]> {
  const res = await accounts.as.admin.get<Dashboard>("/api/admin/dashboard");
  expect(res.status).toBe(200);
  return res.body.users.pendingActivations.map((u) => u.username);
}

async function lastMailLink(): Promise<string> {
  await server.core.mailer.drain();
  return outboxMails(server.outboxDir).at(-1)?.link ?? "";
}

/** Signs up through the API and answers the new account's id and its activation token. */
async function signUp(username: string): Promise<{ id: string; token: string }> {
  const res = await server.client().post("/api/signup", {
    username,
    email: `${username}@example.com`,
    password: "signup-pass-1",
  });
  expect(res.status).toBe(201);
  const token = tokenFromLink(await lastMailLink());
  const row = await server.core.db
    .selectFrom("users")
    .select("id")
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

async function auditOf(action: string, targetId: string) {
  const { entries } = (await accounts.as.owner.get<AuditAnswer>(`/api/admin/audit?kind=${action}`)).body;
  return entries.find((e) => e.targetId === targetId);
}

describe("Dashboard: 'Waiting for activation'", () => {
  it("lists a sign-up that was never activated", async () => {
    await signUp("newcomer");
    expect(await waitingForActivation()).toEqual(["newcomer"]);
  });

  it("does not list a user an admin deactivated, though they count as inactive", async () => {
    const id = await createAccount(server, "pending1", ["website:view"], false);
    expect((await accounts.as.admin.patch(`/api/admin/users/${id}`, { isActive: true })).status).toBe(200);
    expect((await accounts.as.admin.patch(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200);
    expect(await waitingForActivation()).toEqual([]);
    const res = await accounts.as.admin.get<Dashboard>("/api/admin/dashboard");
    expect(res.body.users.inactive).toBe(1);
  });

  it("does not list a user who activated by link and was deactivated later", async () => {
    const { id, token } = await signUp("linkuser");
    expect((await server.client().post("/api/activate-account", { token })).status).toBe(200);
    expect((await accounts.as.admin.patch(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200);
    expect(await waitingForActivation()).toEqual([]);
  });

  it("does not list the seeded staff once an admin deactivates one of them", async () => {
    expect((await accounts.as.admin.patch(`/api/admin/users/${accounts.ids.user}`, { isActive: false })).status).toBe(
      200,
    );
    expect(await waitingForActivation()).toEqual([]);
  });
});

describe("audit log: actions through an e-mailed link", () => {
  it("an activation by link is attributed to the account activated, not 'anonymous'", async () => {
    const { id, token } = await signUp("activator");
    expect((await server.client().post("/api/activate-account", { token })).status).toBe(200);
    expect(await auditOf("auth.activate", id)).toMatchObject({ actorName: "activator" });
  });

  it("a password reset by link is attributed to the account whose password changed", async () => {
    expect((await server.client().post("/api/forgot-password", { email: "user1@example.com" })).status).toBe(200);
    const token = tokenFromLink(await lastMailLink());
    const res = await server.client().post("/api/reset-password", { token, newPassword: "brand-new-pass-1" });
    expect(res.status).toBe(200);
    expect(await auditOf("auth.password_reset", accounts.ids.user)).toMatchObject({ actorName: "user1" });
  });
});
