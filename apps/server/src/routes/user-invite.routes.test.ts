/**
 * Over HTTP: staff with users:edit invite a user. The account is inactive with no usable password
 * until the invited person chooses one through the single-use link mailed to them (7 days); what it holds
 * follows the grant rule of a user edit; a taken name or address is a 409; all of it is audited.
 */
import { DEFAULT_ROLES, invitationAcceptedMessage, MESSAGES } from "@portfolio/core/domain";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { sentMails, type TestServer, tokenFromLink, tokenMailedTo } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const EMAIL = "newcomer@example.com";
const CHOSEN = "chosen-pass-1";
const DAY = 24 * 60 * 60 * 1000;

const invite = (body: Record<string, unknown> = {}, as = accounts.as.owner) =>
  as.post<Record<string, unknown>>("/api/admin/users/invite", {
    username: "newcomer",
    email: EMAIL,
    permissions: DEFAULT_ROLES.moderator.permissions,
    ...body,
  });

const mails = () => sentMails(server);

const invitationToken = () => tokenMailedTo(server, EMAIL);

const accept = (token: string, password = CHOSEN) =>
  server.client().post("/api/accept-invitation", { token, password });

const loginAsNewcomer = () => server.client().post("/api/login", { username: "newcomer", password: CHOSEN });

describe("an invitation by staff", () => {
  it("answers 201 with the user: inactive, invitation pending, with what staff chose", async () => {
    const res = await invite();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: "newcomer",
      email: EMAIL,
      permissions: DEFAULT_ROLES.moderator.permissions,
      roleKey: "moderator",
      isActive: false,
      invitationPending: true,
    });
  });

  it("lists the invited user as inactive with the invitation pending", async () => {
    await invite();
    const list = await accounts.as.owner.get<{ users: Record<string, unknown>[] }>("/api/admin/users");
    expect(list.body.users.find((u) => u.username === "newcomer")).toMatchObject({
      isActive: false,
      invitationPending: true,
    });
  });

  it("mails an invitation link to the address", async () => {
    await invite();
    const mail = (await mails()).find((m) => m.to.includes(EMAIL));
    expect(mail?.subject).toBe("You are invited");
    expect(mail?.raw).toContain("owner invited you");
    expect(mail?.link).toMatch(/\/accept-invitation\?token=[\w-]{40,}$/);
  });

  it("creates an account nobody can log in to before the invitation is accepted", async () => {
    await invite();
    const res = await loginAsNewcomer();
    expect(res.status).toBe(401);
  });

  it("is refused, 409, for a username taken in any case", async () => {
    const res = await invite({ username: "Moderator1" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: MESSAGES.usernameTaken });
  });

  it("is refused, 409, for an address taken in any case", async () => {
    const res = await invite({ email: "USER1@example.com" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: MESSAGES.emailTaken });
  });

  it("is audited as 'X invited Y', with the link's issue", async () => {
    await invite();
    const res = await accounts.as.owner.get<{ entries: { action: string; actorName: string; details: unknown }[] }>(
      "/api/admin/audit?kind=user.invite",
    );
    expect(res.body.entries.map((e) => [e.action, e.actorName, e.details])).toEqual([
      [
        "user.invite",
        "owner",
        { username: "newcomer", after: { email: EMAIL, permissions: DEFAULT_ROLES.moderator.permissions } },
      ],
    ]);
    const issued = await accounts.as.owner.get<{ entries: { details: unknown }[] }>("/api/admin/audit?kind=token");
    expect(issued.body.entries[0]?.details).toEqual({ kind: "invitation", username: "newcomer" });
  });
});

describe("who may invite, and with what", () => {
  it("needs users:edit", async () => {
    const res = await invite({}, accounts.as.moderator);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to invite users." });
  });

  it("lets staff without users:permissions invite with the user role's set", async () => {
    const res = await invite({ permissions: DEFAULT_ROLES.user.permissions }, accounts.as.custom);
    expect(res.status).toBe(201);
  });

  it("needs users:permissions to give anything else", async () => {
    const res = await invite({}, accounts.as.custom);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to change user permissions." });
  });

  it("never grants override:owner", async () => {
    const res = await invite({ permissions: ["override:owner"] }, accounts.as.admin);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "The override:owner permission cannot be granted." });
  });

  it("never grants a permission the inviter does not hold", async () => {
    await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.custom}`, {
      username: "custom1",
      permissions: ["website:view", "website:admin:view", "users:view", "users:edit", "users:permissions"],
    });
    const res = await invite({ permissions: ["website:view", "projects:delete"] }, accounts.as.custom);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot grant permissions you do not hold: projects:delete." });
  });
});

describe("accepting the invitation", () => {
  it("sets the chosen password and activates the account", async () => {
    await invite();
    const res = await accept(await invitationToken());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: invitationAcceptedMessage("newcomer") });
    expect((await loginAsNewcomer()).status).toBe(200);
  });

  it("ends the pending invitation in the list", async () => {
    await invite();
    await accept(await invitationToken());
    const list = await accounts.as.owner.get<{ users: Record<string, unknown>[] }>("/api/admin/users");
    const row = list.body.users.find((u) => u.username === "newcomer");
    expect(row?.isActive).toBe(true);
    expect(row).not.toHaveProperty("invitationPending");
  });

  it("refuses a password shorter than 6 characters with the spec's message", async () => {
    await invite();
    const res = await accept(await invitationToken(), "short");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MESSAGES.passwordTooShort });
  });

  it("works once", async () => {
    await invite();
    const token = await invitationToken();
    await accept(token);
    const again = await accept(token, "another-pass-1");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: MESSAGES.tokenInvalid });
  });

  it("expires after 7 days", async () => {
    await invite();
    const token = await invitationToken();
    server.clock.advance(7 * DAY + 60_000);
    const res = await accept(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MESSAGES.tokenExpired });
  });

  it("still works after 6 days", async () => {
    await invite();
    const token = await invitationToken();
    server.clock.advance(6 * DAY);
    expect((await accept(token)).status).toBe(200);
  });

  it("can be checked without using it up", async () => {
    await invite();
    const token = await invitationToken();
    const check = await server.client().post("/api/accept-invitation/check", { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ message: MESSAGES.invitationTokenUsable });
    expect((await accept(token)).status).toBe(200);
  });

  it("is audited as the invited account", async () => {
    await invite();
    await accept(await invitationToken());
    const res = await accounts.as.owner.get<{ entries: { action: string; actorName: string }[] }>(
      "/api/admin/audit?kind=auth.invitation_accepted",
    );
    expect(res.body.entries.map((e) => [e.action, e.actorName])).toEqual([["auth.invitation_accepted", "newcomer"]]);
  });

  it("does nothing for an invitation whose account staff deactivated (docs/security.md, promise 33)", async () => {
    const created = await invite();
    const token = await invitationToken();
    await accounts.as.owner.patch(`/api/admin/users/${String(created.body._id)}`, { isActive: false });
    expect((await server.client().post("/api/accept-invitation/check", { token })).status).toBe(400);
    expect((await accept(token)).status).toBe(400);
    expect((await loginAsNewcomer()).status).toBe(401);
  });
});

describe("a new link for an invitation not accepted yet", () => {
  it("is a new invitation, from forgot-password, and the old link stops working", async () => {
    await invite();
    const first = await invitationToken();
    await server.client().post("/api/forgot-password", { email: EMAIL });
    const mail = (await mails()).findLast((m) => m.to.includes(EMAIL));
    expect(mail?.subject).toBe("You are invited");
    expect((await accept(first)).status).toBe(400);
    expect((await accept(tokenFromLink(mail?.link ?? ""))).status).toBe(200);
  });
});
