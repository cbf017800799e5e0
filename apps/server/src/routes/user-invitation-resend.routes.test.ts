/**
 * Over HTTP: staff who may invite send a waiting invitation again. A new single-use link replaces
 * the one mailed before, it is mailed to the user's address and audited; a user with no invitation waiting
 * (accepted, signed up alone, deactivated) is a 409 with a clear message.
 */
import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { INVITATION_NOT_PENDING } from "@portfolio/core/services";
import { createAccount, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { sentMails, type TestServer, tokenMailedTo } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const EMAIL = "newcomer@example.com";

async function invited(permissions: string[] = DEFAULT_ROLES.user.permissions): Promise<string> {
  const res = await accounts.as.owner.post<{ _id: string }>("/api/admin/users/invite", {
    username: "newcomer",
    email: EMAIL,
    permissions,
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

const resend = (id: string, as = accounts.as.admin) =>
  as.post<Record<string, unknown>>(`/api/admin/users/${id}/invitation`);

const accept = (token: string) => server.client().post("/api/accept-invitation", { token, password: "chosen-pass-1" });

describe("sending an invitation again", () => {
  it("answers 200 with the user, the invitation still pending", async () => {
    const res = await resend(await invited());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "newcomer", email: EMAIL, isActive: false, invitationPending: true });
  });

  it("mails a new invitation link from the sender to the address", async () => {
    const id = await invited();
    const first = await tokenMailedTo(server, EMAIL);
    await resend(id);
    const mails = (await sentMails(server)).filter((m) => m.to.includes(EMAIL));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe("You are invited");
    expect(mails[1]?.raw).toContain("admin1 invited you");
    expect(await tokenMailedTo(server, EMAIL)).not.toBe(first);
  });

  it("replaces the link mailed before: the old one stops working, the new one works", async () => {
    const id = await invited();
    const first = await tokenMailedTo(server, EMAIL);
    await resend(id);
    expect((await accept(first)).status).toBe(400);
    expect((await accept(await tokenMailedTo(server, EMAIL))).status).toBe(200);
  });

  it("is audited as 'X sent a new invitation link to Y', with the link's issue", async () => {
    await resend(await invited());
    const res = await accounts.as.owner.get<{ entries: { action: string; actorName: string; details: unknown }[] }>(
      "/api/admin/audit?kind=user",
    );
    expect(res.body.entries[0]).toMatchObject({
      action: "user.invitation_resent",
      actorName: "admin1",
      details: { username: "newcomer" },
    });
    const issued = await accounts.as.owner.get<{ entries: { actorName: string; details: unknown }[] }>(
      "/api/admin/audit?kind=token",
    );
    expect(issued.body.entries[0]).toMatchObject({
      actorName: "admin1",
      details: { kind: "invitation", username: "newcomer" },
    });
  });
});

describe("an invitation that no longer waits", () => {
  it("is a 409 once the invitation was accepted", async () => {
    const id = await invited();
    await accept(await tokenMailedTo(server, EMAIL));
    const res = await resend(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: INVITATION_NOT_PENDING });
  });

  it("is a 409 for a sign-up waiting for activation (never invited)", async () => {
    const id = await createAccount(server, "signedup", DEFAULT_ROLES.user.permissions, false);
    const res = await resend(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: INVITATION_NOT_PENDING });
  });

  it("is a 409 for an invited account staff deactivated, and mails nothing", async () => {
    const id = await invited();
    await accounts.as.owner.patch(`/api/admin/users/${id}`, { isActive: false });
    const res = await resend(id);
    expect(res.status).toBe(409);
    expect((await sentMails(server)).filter((m) => m.to.includes(EMAIL))).toHaveLength(1);
  });

  it("is a 404 for an unknown user", async () => {
    const res = await resend("00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
  });
});

describe("who may send an invitation again", () => {
  it("needs users:edit, as inviting does", async () => {
    const res = await resend(await invited(), accounts.as.moderator);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to invite users." });
  });

  it("is refused for an invitation granting more than the sender holds", async () => {
    const res = await resend(await invited(DEFAULT_ROLES.admin.permissions), accounts.as.custom);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "You cannot resend the invitation of a user who holds permissions you do not have.",
    });
  });
});
